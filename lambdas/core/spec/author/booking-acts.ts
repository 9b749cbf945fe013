/**
 * The record people make by booking something ("People book a room for a start time and an end
 * time, ..." makes a booking of the room, with those fields): read apart from the relations
 * (relations.ts), as it names the fields a booking holds, not what it belongs to.
 */
/** Verbs that make a record of their act on another ("people book a room for ..." makes a booking). */
const BOOKING_VERBS: Record<string, string> = { book: 'booking', reserve: 'reservation', rent: 'rental', hire: 'hire', borrow: 'loan' };
const BOOKING = new RegExp(String.raw`^(?:(?:the|our|a|an)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(${Object.keys(BOOKING_VERBS).join('|')})s?\s+(?:a|an|the|one)\s+([a-z]+(?:\s+[a-z]+)?)\s+for\s+(.+)$`, 'i');

/**
 * "People book a room for a start time and an end time (both date and time), ...": the booking
 * made (its record type's phrase), what it is of, and its fields (the list up to the next clause).
 */
export function readBookingAct(text: string): { record: string; of: string; list: string } | undefined {
  // ("book a shoot (portrait, family or wedding) for a date, ...": the kinds said after the thing are its type.)
  const m = BOOKING.exec(text.trim().replace(/\.$/, '').replace(/^(.*?\s(?:a|an|the|one)\s+[a-z]+(?:\s+[a-z]+)?)\s*\(([^()]+\bor\b[^()]+)\)\s+for\s+(.+)$/i, '$1 for $3, a type ($2)'));
  // ("book a week for one of their children" names who it is for, not the booking's fields.)
  if (!m || /^(?:one|each|all|some|any) of\b/i.test(m[3]!)) return undefined;
  // (", and see and cancel their own reservations": what else they may do ends the list.)
  const list = m[3]!.split(/,\s*(?:and\s+)?(?=(?:give|say|add|choose|pick|enter|tell|note|write)\s)|\s+and\s+(?=(?:give|say|add|choose|pick|enter|tell|note|write)\s)|,?\s*(?:and|but|then)\s+(?:(?:can|may|also|later)\s+)*(?=(?:see|view|read|cancel|edit|update|change|delete|remove|check|track|manage|look)\b)/i)[0]!.trim();
  return { record: BOOKING_VERBS[m[1]!.toLowerCase()]!, of: m[2]!, list };
}
