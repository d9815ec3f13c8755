// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  emptyInstallationDraft,
  installationDraftKey,
  loadInstallationDraft,
  saveInstallationDraft,
} from './installation-draft';

beforeEach(() => localStorage.clear());

describe('installation draft', () => {
  it("keeps one user's draft under their own key and restores it", () => {
    const draft = { ...emptyInstallationDraft, step: 2 as const, chairId: 'chair-1' };
    saveInstallationDraft('u1', draft);
    expect(loadInstallationDraft('u1')).toEqual(draft);
    expect(loadInstallationDraft('u2')).toEqual(emptyInstallationDraft);
  });

  it('removes the stored draft once it holds nothing worth keeping', () => {
    saveInstallationDraft('u1', { ...emptyInstallationDraft, notes: 'half done' });
    saveInstallationDraft('u1', emptyInstallationDraft);
    expect(localStorage.getItem(installationDraftKey('u1'))).toBeNull();
  });

  it('starts afresh from a damaged or outdated draft', () => {
    localStorage.setItem(installationDraftKey('u1'), '{not json');
    expect(loadInstallationDraft('u1')).toEqual(emptyInstallationDraft);
    localStorage.setItem(installationDraftKey('u1'), JSON.stringify({ step: 9 }));
    expect(loadInstallationDraft('u1')).toEqual(emptyInstallationDraft);
  });
});
