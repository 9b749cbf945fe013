/**
 * The record people make by booking something ("People book a room for a start time and an end
 * time, ..." makes a booking of the room, with those fields): read apart from the relations
 * (relations.ts), as it names the fields a booking holds, not what it belongs to.
 */
/** Verbs that make a record of their act on another ("people book a room for ..." makes a booking). */
const BOOKING_VERBS: Record<string, string> = { book: 'booking', reserve: 'reservation', rent: 'rental', hire: 'hire', borrow: 'loan' };
// ("Owners book walks for a day and a time slot": the things booked said in the plural, with no article.)
const BOOKING = new RegExp(String.raw`^(?:(?:the|our|a|an)\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(${Object.keys(BOOKING_VERBS).join('|')})s?\s+(?:(?:a|an|the|one)\s+([a-z]+(?:\s+[a-z]+)?)|([a-z]+s))\s+(for|from)\s+(.+)$`, 'i');
/** ("from a start to an end time": the two ends, the head noun said once.) */
const FROM_TO = /^(?:a|an|the)?\s*([a-z]+)(?:\s+(time|date|date-time|datetime))?\s+(?:to|until|till)\s+(?:a|an|the)?\s*([a-z]+)\s+(time|date|date-time|datetime)\b/i;

/**
 * "People book a room for a start time and an end time (both date and time), ...": the booking
 * made (its record type's phrase), what it is of, and its fields (the list up to the next clause).
 */
export function readBookingAct(text: string): { record: string; of: string; list: string; by: string } | undefined {
  // ("book a shoot (portrait, family or wedding) for a date, ...": the kinds said after the thing are its type.)
  const m = BOOKING.exec(text.trim().replace(/\.$/, '').replace(/^(.*?\s(?:a|an|the|one)\s+[a-z]+(?:\s+[a-z]+)?)\s*\(([^()]+\bor\b[^()]+)\)\s+for\s+(.+)$/i, '$1 for $3, a type ($2)'));
  // ("book a week for one of their children" names who it is for, not the booking's fields.)
  if (!m || /^(?:one|each|all|some|any) of\b/i.test(m[6]!)) return undefined;
  // ("books a space from a start to an end time": a start time and an end time.)
  const from = m[5]!.toLowerCase() === 'from';
  const ends = from ? FROM_TO.exec(m[6]!) : undefined;
  if (from && !ends) return undefined;
  const said = ends ? `a ${ends[1]} ${ends[2] ?? ends[4]} and an ${ends[3]} ${ends[4]}${m[6]!.slice(ends[0].length)}` : m[6]!;
  // (", and see and cancel their own reservations": what else they may do ends the list.)
  const list = said.split(/,\s*(?:and\s+)?(?=(?:give|say|add|choose|pick|enter|tell|note|write)\s)|\s+and\s+(?=(?:give|say|add|choose|pick|enter|tell|note|write)\s)|,?\s*(?:and|but|then)\s+(?:(?:can|may|also|later)\s+)*(?=(?:see|view|read|cancel|edit|update|change|delete|remove|check|track|manage|look)\b)/i)[0]!.trim();
  // ("book walks for a day and a time slot": the day booked is a date.)
  return { record: BOOKING_VERBS[m[2]!.toLowerCase()]!, of: m[3] ?? m[4]!, list: list.replace(/^(?:a|the|one)\s+day\b/i, 'a date'), by: m[1]! };
}
