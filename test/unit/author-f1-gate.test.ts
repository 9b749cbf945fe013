/**
 * The offline author's strict F1 (test/support/structural-f1.ts) on every description with an
 * expected structure, as a gate (issue 23, item 6). The targets are 0.95 on the
 * development part and the examples and 0.90 on the held-out part; the author does not reach
 * them yet (see ARCHITECTURE.md, "The offline author"), so the gate holds what it reaches now:
 * a change that makes any part worse fails here. Raise a floor when the author improves; never
 * lower one to let a change pass, and never tune on the held-out part to raise its own.
 */
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { authorDescriptions } from '../support/author-descriptions';
import { combineScores, scoreSpecF1, type F1Score } from '../support/structural-f1';

/** What issue 23 asks for. */
const F1_TARGETS: Readonly<Record<string, number>> = { development: 0.95, examples: 0.95, 'held-out': 0.9 };
/**
 * What the author reaches (measured when set, rounded down). The development part grew by 12
 * descriptions written in the styles the author read worst (its F1 fell from 0.93 to 0.86 with
 * no change to the author), then by one in user stories, and the floors were measured on it
 * (development 0.958, examples 0.956, held-out 0.808). Then the corpus grew again, written blind
 * in the four weakest styles (relations both ways, user stories, long pages, chatty paragraphs):
 * 12 development and 4 held-out descriptions. With no change to the author that took development
 * from 0.958 to 0.854 and held-out from 0.808 to 0.719; the floors are measured on the larger
 * corpus after the author's round on its development part (development 0.914, examples 0.951,
 * held-out 0.733). The corpus then grew again, blind (12 development, 4 held-out descriptions):
 * with no change to the author development fell to 0.831 and held-out to 0.658; after the next
 * round of general rules on the development part it measures development 0.911, examples 0.952,
 * held-out 0.674. A floor holds for the corpus it was measured on: the held-out part is a
 * different, larger set now (its four new descriptions are in the styles the author reads worst),
 * so its floor is measured again on it, as each time the corpus grew: 0.67. It was not lowered to
 * let an author change pass: with the author as it was before this round, the grown held-out part
 * measures 0.658, below it. Then 4 more held-out descriptions were written blind in the same four
 * styles: with no change to the author the held-out part (27 descriptions) measures 0.637, and its
 * floor is measured again on it: 0.63. With them, 12 development descriptions written blind in the
 * same styles took development from 0.926 to 0.835 with no change to the author. Then the corpus
 * grew once more, blind (4 held-out, 12 development): at that commit development measured 0.850
 * (93 descriptions) and held-out 0.654 (31). After the session's rounds of general rules on the
 * development part: development 0.894, examples 0.954, held-out 0.681. The next session's
 * rounds worked from probe sentences written for each concept (tenancy, rights, automation,
 * fields, values, relations) and three whole descriptions, not from the corpus: development
 * 0.896, examples 0.956, held-out 0.694; the floors are those, rounded down. Session 13's
 * probes (whole descriptions of its own and sentence sets): development 0.901, examples 0.956,
 * held-out 0.696. Session 14 worked on the development part's weakest descriptions and on probe
 * descriptions of its own: development 0.923, examples 0.956, held-out 0.698. Session 15 grew the
 * corpus blind once more, in the same four styles (4 held-out, then 12 development written by two
 * others who had not read the author): the four new held-out descriptions measured 0.660 on their
 * own (the held-out part 0.693, 35 descriptions), and the twelve new development ones 0.543 on
 * their own, taking development from 0.923 to 0.867 (105 descriptions). After the session's rounds of
 * general rules on the new development descriptions (each rule tested in another domain):
 * development 0.910, examples 0.956, held-out 0.711 (its four new descriptions 0.682 on their own).
 * Session 16 grew it blind once more (4 held-out, written by someone who had not read the author):
 * on their own the four measured 0.635, taking the held-out part from 0.712 to 0.700 (39
 * descriptions); the held-out floor is measured there. With them, 12 development descriptions
 * written blind by two others measured 0.640 on their own, taking development from 0.911 to 0.876
 * (117 descriptions). After the session's rules on them (each tested in another domain): the twelve
 * 0.770, development 0.894, examples 0.956, held-out 0.705 (its four new ones 0.643).
 * Session 17 grew it blind once more (4 held-out: on their own 0.584, taking the held-out part from
 * 0.705 to 0.690, 43 descriptions; 8 development: on their own 0.545, taking development from 0.894
 * to 0.863, 125 descriptions). After the session's rules on them (each tested in another domain,
 * and two probes of its own): the eight 0.896, development 0.896, examples 0.956, held-out 0.705
 * (its four new ones 0.606). Session 18 grew it blind once more (4 held-out: on their own 0.573,
 * taking the held-out part from 0.705 to 0.692, 47 descriptions; 8 development: on their own 0.486,
 * taking development from 0.896 to 0.863, 133 descriptions). After the session's rules on them
 * (each tested in another domain, and a probe description of its own): the eight 0.698,
 * development 0.880, examples 0.956, held-out 0.696 (its four new ones 0.577). Session 19 grew
 * it blind once more (4 held-out: on their own 0.383, taking the held-out part from 0.696 to 0.668,
 * 51 descriptions; 8 development: on their own 0.543, taking development from 0.880 to 0.858, 141
 * descriptions). After the session's rules on them (each tested in another domain, and probe
 * descriptions of its own): the eight 0.848, development 0.879, examples 0.956, held-out 0.669
 * (its four new ones 0.403). Session 20 grew it blind once more (7 held-out: on their own 0.519,
 * taking the held-out part from 0.670 to 0.650, 58 descriptions; 8 development: on their own 0.430,
 * taking development from 0.880 to 0.857, 149 descriptions). After the session's rules on them
 * (each pinned on records made up for it, and three probe descriptions of its own): the eight
 * 0.671, development 0.867, examples 0.956, held-out 0.652 (its seven new ones 0.522). Session 21
 * grew it blind once more (6 held-out: on their own 0.308, taking the held-out part from 0.653 to
 * 0.623, 64 descriptions; 9 development: on their own 0.403, taking development from 0.868 to
 * 0.841, 158 descriptions). After the session's readings of a topic carried from one sentence to
 * the next (each pinned on records made up for it): the nine 0.607, development 0.852, examples
 * 0.956, held-out 0.631 (its six new ones 0.309). Session 22 grew it blind once more, the
 * held-out part chosen by a rule fixed before any description was written (6 held-out: on their
 * own 0.348, taking the held-out part from 0.631 to 0.608, 70 descriptions; 9 development: on their
 * own 0.417, taking development from 0.852 to 0.827, 167 descriptions). After the session's
 * readings (each pinned on records made up for it): the nine 0.558, development 0.836, examples
 * 0.956, held-out 0.608 (its six new ones 0.354). Session 23 grew nothing: files said apart from
 * their lists, relations said otherwise, roles said casually, and names as most of the corpus's
 * writers give them (a phone number is `phone`: 41 to 25 where the text says "phone number",
 * which costs example 04 its `phone_number`) took development to 0.844, examples to 0.953 and
 * held-out to 0.612. Session 24 grew nothing: it read the development part's weakest chatty
 * paragraphs and long pages (speech therapy 0.28 to 0.57, fishmonger 0.36 to 0.50, oral history 0.47
 * to 0.62, meals on wheels 0.62 to 0.80), each reading pinned on records made up for it: development
 * 0.856, examples 0.953, held-out 0.616. Session 25 grew it blind once more, the held-out part
 * chosen by a rule fixed before any description was written (6 held-out: on their own 0.426 with the
 * session's starting author, taking the held-out part to 0.603, 76 descriptions; 9 development, six
 * of them untouched when measured 0.465 on their own, all nine 0.487, taking development to 0.838,
 * 176 descriptions). After the session's readings (each pinned on records made up for it): the
 * nine 0.578, development 0.844, examples 0.953, held-out 0.610 (its six new ones 0.432). Session 26
 * grew it blind once more, the held-out part chosen by a rule fixed before any description was
 * written (6 held-out: on their own 0.375 with the session's starting author, taking the held-out
 * part to 0.593, 82 descriptions; 9 development: on their own 0.410 untouched, taking development to
 * 0.824, 185 descriptions). After the session's readings (each pinned on records made up for it):
 * the nine 0.551, development 0.829, examples 0.953, held-out 0.590 (its six new ones 0.359). Session
 * 27 grew it blind once more by the same rule (6 held-out: on their own 0.514 with the session's
 * starting author, taking the held-out part to 0.585, 88 descriptions; 9 development: on their own
 * 0.400 untouched, taking development to 0.809, 194 descriptions). After the session's readings
 * (each pinned on records made up for it): the nine 0.522, development 0.816, examples 0.953,
 * held-out 0.586 (its six new ones 0.514). Session 28 added no description; its readings (each
 * pinned on records made up for it) took development from 0.816 to 0.818, examples 0.953 to 0.953
 * and held-out from 0.5859 to 0.5866 (measured once, at the end). Session 29 added no description;
 * its readings (each pinned on records made up for it, in discourse-readings.test.ts) took
 * development from 0.8180 to 0.8189, examples 0.953 to 0.953 and held-out from 0.5866 to 0.5872
 * (measured once, at the end). Session 30 added no description; its readings (each pinned on records
 * made up for it, in freelancer-readings.test.ts) took development from 0.81891 to 0.81924, examples
 * 0.953 to 0.953 and held-out from 0.58721 to 0.58724 (measured once, at the end). Session 31 added
 * no description; its readings (each pinned on records made up for it, in session31-readings.test.ts,
 * most found by three new-user probes of its own) took development from 0.81924 to 0.81993, examples
 * 0.953 to 0.953 and held-out from 0.58724 to 0.58867 (measured once, at the end). Session 32 added
 * no description; its readings (each pinned on records made up for it, in session32-readings.test.ts,
 * found by nine new-user probes of its own) took development from 0.81993 to 0.82073, examples 0.953
 * to 0.953 and held-out from 0.58867 to 0.59082 (measured once, at the end). Session 33 added no
 * description; its readings (each pinned on records made up for it, in session33-readings.test.ts,
 * found by twelve new-user probes of its own) took development from 0.82073 to 0.82117, examples
 * 0.953 to 0.953 and held-out from 0.59082 to 0.59122 (measured once, at the end). Session 34 added
 * no description; its readings (each pinned on records made up for it, in session34-readings.test.ts,
 * found by ten new-user probes of its own) took development from 0.82117 to 0.82183, examples 0.953
 * to 0.953 and held-out from 0.59122 to 0.59216 (measured once, at the end). Session 35 added no
 * description; its readings (each pinned on records made up for it, in session35-readings.test.ts,
 * found by ten new-user probes of its own) took development from 0.82183 to 0.82209, examples 0.953
 * to 0.953 and held-out from 0.59216 to 0.59256 (measured once, at the end). The floors are those,
 * rounded down.
 */
const F1_FLOORS: Readonly<Record<string, number>> = { development: 0.822, examples: 0.95, 'held-out': 0.592 };

const scores = new Map<string, F1Score[]>();
for (const d of authorDescriptions()) {
  const score = scoreSpecF1(renderSpec(authorSpec({ name: d.name, description: d.description })), d.expected);
  scores.set(d.part, [...(scores.get(d.part) ?? []), score]);
}

describe('the offline author F1 gate', () => {
  it('measures every part the targets name', () => {
    expect([...scores.keys()].sort()).toEqual(Object.keys(F1_TARGETS).sort());
    for (const part of Object.keys(F1_TARGETS)) expect(F1_FLOORS[part]).toBeLessThanOrEqual(F1_TARGETS[part]!);
  });

  it.each(Object.keys(F1_FLOORS))('%s: F1 at or above its floor, every spec parses', (part) => {
    const all = scores.get(part)!;
    expect(all.filter((s) => !s.parsed)).toEqual([]);
    expect(combineScores(all).overall.f1).toBeGreaterThanOrEqual(F1_FLOORS[part]!);
  });
});
