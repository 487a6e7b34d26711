/**
 * Every relative link of the README and docs/ leads to a file or folder that exists: the documents are moved and split
 * as the code changes (issue 37 moved the README's feature narratives to docs/features/), and a link left behind
 * sends a newcomer nowhere. Web addresses and in-page anchors are not checked; a link's own #anchor is ignored.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The relative link targets of a Markdown text, outside fenced code blocks and code spans. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
    .map((target) => decodeURIComponent(target.split('#')[0]!));
}

/** `file: target` for each link of `file` (relative to the repository root) whose target does not exist. */
function brokenLinks(file: string, markdown: string, exists: (path: string) => boolean): string[] {
  return relativeLinks(markdown)
    .filter((target) => !exists(join(root, dirname(file), target)))
    .map((target) => `${file}: ${target}`);
}

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => relative(root, join(root, 'docs', f))),
];

describe('documentation links', () => {
  it('finds the documents', () => {
    expect(documents).toContain('README.md');
    expect(documents).toContain(join('docs', 'architecture.md'));
    expect(documents).toContain(join('docs', 'requirements.md'));
  });

  it.each(documents)('every relative link of %s resolves', (file) => {
    expect(brokenLinks(file, readFileSync(join(root, file), 'utf8'), existsSync)).toEqual([]);
  });

  it('reads links as Markdown does, so a broken one is found', () => {
    const text = [
      'See [the design](architecture.md#layers), [the web](https://example.org) and [here](#top).',
      '[a folder](decisions/ "title") and [gone](features/nowhere.md).',
      '```',
      '[in a code block](ignored.md)',
      '```',
      'Not a link: `[x](ignored-too.md)`.',
    ].join('\n');
    expect(relativeLinks(text)).toEqual(['architecture.md', 'decisions/', 'features/nowhere.md']);
    const present = new Set([join(root, 'docs', 'architecture.md'), join(root, 'docs', 'decisions/')]);
    expect(brokenLinks('docs/x.md', text, (p) => present.has(p))).toEqual(['docs/x.md: features/nowhere.md']);
  });
});
