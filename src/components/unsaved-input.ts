// Tracks whether any form on screen holds unsaved input, so an app update never reloads over it.
import { useEffect, useId } from 'react';

const dirtyForms = new Set<string>();

export function hasUnsavedInput(): boolean {
  return dirtyForms.size > 0;
}

/** Forms call this with their dirty flag; the registration ends when the form unmounts. */
export function useUnsavedInput(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (isDirty) dirtyForms.add(id);
    else dirtyForms.delete(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [id, isDirty]);
}
