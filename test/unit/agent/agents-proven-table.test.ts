import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PINNED } from '../../agents/helpers/pinned.js';

describe('the README says which agent versions npm run test:agents proves', () => {
  it('names each pinned CLI with its version in its agent table, and no other version of it', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const p of PINNED) {
      expect(readme, p.pkg).toContain(`| ${p.version} (\`${p.pkg}\`) |`);
      expect(readme.match(new RegExp(`\\| [0-9.]+ \\(\`${p.pkg.replace(/[/.]/g, '\\$&')}\`\\) \\|`, 'g')), p.pkg).toHaveLength(1);
    }
  });
});
