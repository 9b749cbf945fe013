/**
 * `## Open questions`: the phrases an author could not place. Only its bullets are kept (their
 * quotes removed); every other line is ignored and nothing here is ever an error, so the user's
 * own words, however odd, can never make a spec fail to parse or change its structure.
 */
import type { Section } from '../spec-blocks';

const BULLET = /^\s*[-*]\s+(.*)$/;
const QUOTED = /^"(.*)"$/;

export function readOpenQuestions(section: Section | undefined): string[] | undefined {
  if (!section) return undefined;
  const phrases = section.body.flatMap((line) => {
    const bullet = BULLET.exec(line.text)?.[1]?.trim() ?? '';
    const phrase = (QUOTED.exec(bullet)?.[1] ?? bullet).trim();
    return phrase === '' ? [] : [phrase];
  });
  return phrases.length === 0 ? undefined : phrases;
}
