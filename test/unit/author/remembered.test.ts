import { Remembered } from '../../../lambdas/core/spec/author/remembered';
import { readDefinition } from '../../../lambdas/core/spec/author/definitions';
import { splitFieldList } from '../../../lambdas/core/spec/author/fields';

describe('Remembered', () => {
  it('reads a text once and gives the same reading after', () => {
    const memory = new Remembered<{ length: number }>();
    let reads = 0;
    const read = (text: string) => {
      reads += 1;
      return { length: text.length };
    };
    const first = memory.of('a kennel', read);
    expect(memory.of('a kennel', read)).toBe(first);
    expect(reads).toBe(1);
    expect(memory.of('a cattery', read)).toEqual({ length: 9 });
    expect(reads).toBe(2);
  });

  it('remembers an undefined reading too', () => {
    const memory = new Remembered<string | undefined>();
    let reads = 0;
    const read = () => {
      reads += 1;
      return undefined;
    };
    memory.of('nothing here', read);
    memory.of('nothing here', read);
    expect(reads).toBe(1);
  });

  it('freezes what it keeps, inner arrays and objects included, so no caller can change it for the next', () => {
    const memory = new Remembered<{ items: Array<{ name: string }> }>();
    const kept = memory.of('x', () => ({ items: [{ name: 'a' }] }));
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept.items)).toBe(true);
    expect(Object.isFrozen(kept.items[0])).toBe(true);
    expect(() => kept.items.push({ name: 'b' })).toThrow(TypeError);
  });

  it('empties itself when full and reads again', () => {
    const memory = new Remembered<number>(2);
    let reads = 0;
    const read = (text: string) => {
      reads += 1;
      return text.length;
    };
    memory.of('a', read);
    memory.of('bb', read);
    memory.of('ccc', read); // full: emptied, then kept
    memory.of('a', read);
    expect(reads).toBe(4);
  });

  it('the readers that use it give equal readings the first and the second time', () => {
    const text = 'Kennels have a name, a size (small, medium or large) and a nightly rate';
    expect(readDefinition(text)).toEqual(readDefinition(`${text}`));
    expect(splitFieldList('a name, a size and a nightly rate')).toEqual(['a name', 'a size', 'a nightly rate']);
    expect(splitFieldList('a name, a size and a nightly rate')).toEqual(['a name', 'a size', 'a nightly rate']);
  });
});
