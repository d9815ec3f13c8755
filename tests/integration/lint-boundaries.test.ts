// The import boundaries of ARCHITECTURE.md are enforced by lint, not by good intentions.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('keeps the pure domain from importing the app', async () => {
    const ids = await ruleIds(
      "import { Layout } from '../app/layout';\nexport const y = Layout;\n",
      'src/domain/boundary-probe.ts',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('stops one role area importing another', async () => {
    const config = (await eslint.calculateConfigForFile('src/areas/engineer/probe.ts')) as {
      rules: Record<string, unknown>;
    };
    const zones = (
      config.rules['import-x/no-restricted-paths'] as [
        unknown,
        { zones: { target: string; from: string[] }[] },
      ]
    )[1].zones;
    const engineer = zones.find((z) => z.target === './src/areas/engineer');
    expect(engineer?.from).toEqual([
      './src/areas/customer',
      './src/areas/admin',
      './src/areas/vendor',
    ]);
  });

  it('keeps role areas off the app shell: they build on the kit, data and domain', async () => {
    const ids = await ruleIds(
      "import { Layout } from '../../app/layout';\nexport const y = Layout;\n",
      'src/areas/engineer/boundary-probe.tsx',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
    const allowed = await ruleIds(
      [
        "import { LoadingState } from '../../components/loading-state';",
        "import { useAction } from '../../data/use-action';",
        "import { engineerPaths } from '../../domain/paths';",
        'export const y = [LoadingState, useAction, engineerPaths];',
        '',
      ].join('\n'),
      'src/areas/engineer/boundary-probe.tsx',
    );
    expect(allowed).not.toContain('import-x/no-restricted-paths');
  });

  it("keeps the areas' tests and their helpers off the app shell and sync/ too", async () => {
    const probe = (from: string) => `import * as m from '${from}';\nexport const y = m;\n`;
    const refused: [file: string, from: string][] = [
      ['src/areas/customer/test-fixtures.tsx', '../../app/layout'],
      ['src/areas/engineer/probe.test.tsx', '../../../sync'],
      ['src/areas/engineer/probe.test.tsx', '../../testing/app-test-kit'],
      ['src/testing/session.tsx', '../app/layout'],
      ['src/testing/probe.ts', '../../sync'],
      ['src/testing/probe.ts', '../../server/app'],
    ];
    for (const [file, from] of refused) {
      expect(await ruleIds(probe(from), file), `${file} <- ${from}`).toContain(
        'import-x/no-restricted-paths',
      );
    }
    const allowed: [file: string, from: string][] = [
      ['src/testing/app-test-kit.tsx', '../app/routes'],
      ['src/testing/session.tsx', '../components/theme'],
      ['src/app/probe.test.tsx', '../testing/app-test-kit'],
    ];
    for (const [file, from] of allowed) {
      expect(await ruleIds(probe(from), file), `${file} <- ${from}`).not.toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it('keeps screens off the backend client: src/lib is for src/data, sync/ and src/main.tsx', async () => {
    const probe = (from: string) => `import * as m from '${from}';\nexport const y = m;\n`;
    const refused: [file: string, from: string][] = [
      ['src/areas/customer/probe-screen.tsx', '../../lib/supabase'],
      ['src/areas/engineer/ticket-detail/probe.tsx', '../../../lib/session-storage'],
      ['src/areas/vendor/probe.test.tsx', '../../lib/env'],
      ['src/components/probe.tsx', '../lib/supabase'],
      ['src/app/probe-screen.tsx', '../lib/supabase'],
      ['src/app/probe-screen.tsx', '../lib/session-storage'],
      ['src/files/probe.ts', '../lib/supabase'],
      ['src/files/probe.ts', '../data/db'],
      ['src/utils/probe.ts', '../lib/env'],
    ];
    for (const [file, from] of refused) {
      expect(await ruleIds(probe(from), file), `${file} <- ${from}`).toContain(
        'import-x/no-restricted-paths',
      );
    }
    const allowed: [file: string, from: string][] = [
      ['src/areas/admin/probe.tsx', '../../files/csv'],
      ['src/components/probe.tsx', '../files/share-file'],
      ['src/components/probe.tsx', '../utils/next-task'],
      ['src/app/probe-screen.tsx', '../lib/app-env'],
      ['src/data/probe.ts', '../lib/env'],
      ['src/data/probe.ts', '../files/compress-photo'],
      ['src/main-probe.tsx', './lib/supabase'],
      ['sync/probe.ts', '../src/lib/supabase'],
      ['src/files/probe.ts', '../domain/format'],
    ];
    for (const [file, from] of allowed) {
      expect(await ruleIds(probe(from), file), `${file} <- ${from}`).not.toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it('lets src/data reach the kit only for the toaster', async () => {
    const toaster = await ruleIds(
      "import { toaster } from '../components/toaster';\nexport const y = toaster;\n",
      'src/data/boundary-probe.ts',
    );
    expect(toaster).not.toContain('import-x/no-restricted-paths');
    const other = await ruleIds(
      "import { LoadingState } from '../components/loading-state';\nexport const y = LoadingState;\n",
      'src/data/boundary-probe.ts',
    );
    expect(other).toContain('import-x/no-restricted-paths');
  });

  it('stops screens importing dexie or supabase-js', async () => {
    for (const pkg of ['dexie', '@supabase/supabase-js']) {
      const ids = await ruleIds(
        `import * as m from '${pkg}';\nexport const y = m;\n`,
        'src/areas/engineer/probe.ts',
      );
      expect(ids, pkg).toContain('no-restricted-imports');
    }
  });

  it('lets src/data, src/lib and sync import dexie', async () => {
    for (const file of ['src/data/probe.ts', 'src/lib/probe.ts', 'sync/probe.ts']) {
      const ids = await ruleIds("import Dexie from 'dexie';\nexport const y = Dexie;\n", file);
      expect(ids, file).not.toContain('no-restricted-imports');
    }
  });

  it('keeps src/domain free of React', async () => {
    const ids = await ruleIds(
      "import { useState } from 'react';\nexport const y = useState;\n",
      'src/domain/probe.ts',
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('keeps src/data from importing sync/, not the other way round', async () => {
    const probe = (from: string) => `import * as m from '${from}';\nexport const y = m;\n`;
    expect(await ruleIds(probe('../../sync/engine'), 'src/data/probe.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(probe('../src/data/db'), 'sync/probe.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keeps test doubles out of production code', async () => {
    const probe = (from: string) => `import * as m from '${from}';\nexport const y = m;\n`;
    const production: [file: string, from: string][] = [
      ['src/areas/engineer/probe.tsx', '../../testing/session'],
      ['src/data/probe.ts', '../testing/rows'],
      ['src/main-probe.tsx', './testing/rows'],
      ['sync/probe.ts', './testing/model-server'],
      ['sync/probe.ts', '../src/testing/rows'],
      ['sync/probe.ts', '../tests/integration/actors'],
    ];
    for (const [file, from] of production) {
      expect(await ruleIds(probe(from), file), `${file} <- ${from}`).toContain(
        'import-x/no-restricted-paths',
      );
    }
    const tests: [file: string, from: string][] = [
      ['src/areas/engineer/probe.test.tsx', '../../testing/session'],
      ['src/testing/probe.tsx', './rows'],
      ['sync/probe.test.ts', './testing/model-server'],
      ['sync/testing/probe.ts', '../../src/testing/rows'],
    ];
    for (const [file, from] of tests) {
      expect(await ruleIds(probe(from), file), `${file} <- ${from}`).not.toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it('forbids any', async () => {
    const ids = await ruleIds('export const y = (v: any) => v;\n', 'src/domain/probe.ts');
    expect(ids).toContain('@typescript-eslint/no-explicit-any');
  });
});
