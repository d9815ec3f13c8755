import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasUnsavedInput, useUnsavedInput } from './unsaved-input';

function Form({ dirty }: { dirty: boolean }) {
  useUnsavedInput(dirty);
  return null;
}

describe('unsaved input registry', () => {
  it('reports unsaved input only while a form is dirty and mounted', () => {
    const view = render(<Form dirty={false} />);
    expect(hasUnsavedInput()).toBe(false);
    view.rerender(<Form dirty />);
    expect(hasUnsavedInput()).toBe(true);
    view.rerender(<Form dirty={false} />);
    expect(hasUnsavedInput()).toBe(false);
    view.rerender(<Form dirty />);
    view.unmount();
    expect(hasUnsavedInput()).toBe(false);
  });
});
