/**
 * Session 25 (issue 23): readings a one-person workshop's email needs, pinned on records made up
 * for them (a saddler's clients, orders and photos): a role named with the person who holds it
 * ("one apprentice, Josh"), "each job, which I call an order" and "it belongs to one client",
 * "Also ..." going on with the list just given, dates said as what happened, where a thing came
 * from, what they want done, an aside inside a list of states, and a record that is a photo.
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';


describe("a saddler's email", () => {
  const s = spec(
    "I run a small saddlery. I've got one apprentice, Sam, and an order book that is a mess.",
    'Clients have a name and an email.',
    "Then each job, which I call a commission. It belongs to one client. I write down the horse's name (required), where the leather came from - tannery, reclaimed or customer's own - and what they want done: new saddle, repair, restuff or bridle. Also the date it came in, the date I've promised it for, my quote, and whether they've paid the deposit.",
    'Jobs go received, then on the bench (sometimes for weeks, honestly), stitched, ready for collection, and collected.',
    'Sam and I take photos as we go: each photo is for one commission, with a short caption. JPEG or PNG, keep them under 8 MB or the phone ones get silly.',
    'Sam can look at commissions and update them, and he can add and view photos.',
  );

  it('reads "one apprentice, Sam ... Sam can look at commissions" as the apprentice\'s rights', () => {
    expect(s.roles.find((r) => r.name === 'apprentice')?.rights.Commission).toMatchObject({ read: 'all', update: 'all' });
  });

  it('reads "each job, which I call a commission. It belongs to one client." as the commission and its client', () => {
    expect(field(s, 'Commission', 'client_id')).toMatchObject({ type: 'ref(Client)', required: true });
    expect(s.entities.map((e) => e.name)).not.toContain('Job');
  });

  it('reads where the leather came from and what they want done as the leather source and the work type', () => {
    expect(field(s, 'Commission', 'leather_source')?.values).toEqual(['tannery', 'reclaimed', 'customers_own']);
    expect(field(s, 'Commission', 'work_type')?.values).toEqual(['new_saddle', 'repair', 'restuff', 'bridle']);
  });

  it('reads "Also the date it came in, the date I\'ve promised it for, ..." as more of the commission\'s fields', () => {
    expect(field(s, 'Commission', 'received_on')?.type).toBe('date');
    expect(field(s, 'Commission', 'promised_by')?.type).toBe('date');
    expect(field(s, 'Commission', 'quote')?.type).toBe('number');
  });

  it('reads "Jobs go received, then on the bench (sometimes for weeks, honestly), ..." as the commission\'s states', () => {
    expect(field(s, 'Commission', 'status')?.values).toEqual(['received', 'on_the_bench', 'stitched', 'ready_for_collection', 'collected']);
  });

  it('reads a photo record as holding the photo, with the formats and size said after it', () => {
    expect(field(s, 'Photo', 'photo_key')?.file).toEqual({ contentTypes: ['image/jpeg', 'image/png'], maxBytes: 8 * 1048576 });
  });
});
