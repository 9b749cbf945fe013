/**
 * Two kinds of one thing said with the thing once: "before and after photos of each job - JPEG
 * only", "start and end dates", "home and away scores", "a time slot (start and end)". Each kind
 * is a field of its own (a before photo and an after photo), and what is said after the pair is
 * said of both.
 */
import { singular } from '../../offline-author/text';

const KIND = 'before|after|front|back|start|end|home|away|inside|outside|opening|closing|arrival|departure|pickup|pick-up|drop-off|dropoff|check-in|check-out|first|last|min|minimum|max|maximum|morning|evening|upper|lower|left|right';
const PAIRED = new RegExp(String.raw`\b(${KIND})\s+(?:and|&|\+)\s+(${KIND})\s+([a-z][a-z-]*)\b(?!\s+(?:and|or)\b)`, 'gi');

/** The pairs a field list says, each said out ("before photo and after photo"). */
export interface PairedKinds {
  written: string;
  /** Each pair's two fields, lower case ("before photo", "after photo"). */
  pairs: Array<readonly [string, string]>;
}

/** ("a time slot (start and end)": the slot said by its two ends, when it starts and when it ends.) */
const SLOT_ENDS = /\b(?:(?:a|an|the|one)\s+)?(?:time\s+slot|slot|time|period|window|time\s+window)\s*\(\s*(?:a\s+)?start\s+(?:and|&|\+)\s+(?:an?\s+)?(?:end|finish)(?:\s+times?)?\s*\)/gi;

/** "its dimensions in centimetres (height, width and depth)": one measure of each part, in the unit said. */
const MEASURED_PARTS = /\b(?:(?:its|their|the)\s+)?(?:dimensions|measurements|size)(?:\s+in\s+([a-z]+))?\s*\(((?:height|width|depth|length|weight|diameter|thickness)(?:\s*,\s*(?:and\s+)?(?:height|width|depth|length|weight|diameter|thickness))*(?:\s*,?\s+and\s+(?:height|width|depth|length|weight|diameter|thickness))?)\)/gi;

export function sayPairsOut(written: string): PairedKinds {
  const pairs: Array<readonly [string, string]> = [];
  const out = written.replace(SLOT_ENDS, 'starts at and ends at').replace(MEASURED_PARTS, (_m, unit: string | undefined, parts: string) => parts.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((part) => `${part}${unit ? ` in ${unit}` : ''}`).join(', ')).replace(PAIRED, (_m, a: string, b: string, noun: string) => {
    const thing = singular(noun.toLowerCase());
    pairs.push([`${a.toLowerCase()} ${thing}`, `${b.toLowerCase()} ${thing}`]);
    return `${a} ${thing} and ${b} ${thing}`;
  });
  return { written: out, pairs };
}

/** The first field of each pair gets what the list says after the second ("... of each job - JPEG only"). */
export function sharePairedRest(items: readonly string[], pairs: PairedKinds['pairs']): string[] {
  return items.map((item, i) => {
    const pair = pairs.find(([first, second]) => item.toLowerCase() === first && items[i + 1]?.toLowerCase().startsWith(second));
    return pair ? item + items[i + 1]!.slice(pair[1].length) : item;
  });
}
