import { describe, expect, it } from 'vitest';
import { brokenCitations, repositoryCitations } from '../../scripts/doc-citations';

// Paths are spelled in pieces here, so that this file's own fixtures cite nothing (the first test reads it too).
const md = (path: string) => `${path}.md`;
const briefing = md;
/** A relative path out of the repository into the briefing's folder, `depth` levels up. */
const outside = (depth: number) => `${'../'.repeat(depth)}shared`;
const DOCUMENTS = new Set([
  'README.md',
  'docs/product.md',
  'docs/api.md',
  'server/README.md',
  'contract/README.md',
]);

describe('documents cited by comments and READMEs', () => {
  it('are all in the repository (npx tsx scripts/doc-citations.ts names any that is not)', () => {
    const broken = repositoryCitations(process.cwd()).map(
      ({ file, line, cited }) => `${file}:${line} ${cited}`,
    );
    expect(broken).toEqual([]);
  }, 60_000);

  it('a citation of a document outside the repository is found, with its line', () => {
    const source = [
      '// The cart total (docs/product.md §4): fine.',
      `// The loader closes after 10 s (${briefing('SPEC')} §4).`,
      `/** Sizes from ${briefing('DESIGN')}. */`,
    ].join('\n');
    expect(brokenCitations(source, 'src/app/example.ts', DOCUMENTS)).toEqual([
      { file: 'src/app/example.ts', line: 2, cited: briefing('SPEC') },
      { file: 'src/app/example.ts', line: 3, cited: briefing('DESIGN') },
    ]);
  });

  it('a link out of the repository into the briefing, and its bare name, are found', () => {
    const readme = `The API of [the contract](${outside(2)}/${briefing('API')}); rules as in ${'SPEC'} §7.`;
    expect(brokenCitations(readme, 'server/README.md', DOCUMENTS).map(({ cited }) => cited)).toEqual([
      `${outside(2)}/${briefing('API')}`,
      outside(1),
      'SPEC',
    ]);
  });

  it('relative links, root-relative paths, bare names, anchors and web addresses that lead somewhere pass', () => {
    const text = [
      `See [the API](${md('../docs/api')}#payments) and contract/README.md.`,
      'docs/product.md §8; the README.md of this folder.',
      'Upstream: https://github.com/fastify/fastify/blob/main/docs/Guides/Getting-Started.md',
      'Identifiers are not citations: SPEC.loaderCloses, SPEC_LIMIT, const SPEC = {}.',
    ].join('\n');
    expect(brokenCitations(text, 'server/README.md', DOCUMENTS)).toEqual([]);
  });

  it('a relative link that resolves to no document is found even when a file of that name exists elsewhere', () => {
    expect(brokenCitations(`[API](${md('../api')})`, 'server/README.md', DOCUMENTS)).toEqual([
      { file: 'server/README.md', line: 1, cited: md('../api') },
    ]);
  });
});
