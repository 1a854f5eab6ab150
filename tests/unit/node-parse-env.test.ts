import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/runtime-frame/offline/node/parse-env';

describe('util.parseEnv', () => {
  it('reads an empty value as empty, without taking the next line', () => {
    expect(parseEnv("EMPTY=\nEMPTY_SINGLE_QUOTES=''\nNEXT=x")).toEqual({ EMPTY: '', EMPTY_SINGLE_QUOTES: '', NEXT: 'x' });
  });

  it('unquotes values, expands \\n in double quotes only, drops comments and export, and sorts the keys', () => {
    const parsed = parseEnv('B= "x"\nC =  y # comment\nexport D=z\nA="one\\ntwo"\nS=\'no\\nexpand\'\n# X=1\nM=`multi\nline`');
    expect(parsed).toEqual({ A: 'one\ntwo', B: 'x', C: 'y', D: 'z', M: 'multi\nline', S: 'no\\nexpand' });
    expect(Object.keys(parsed)).toEqual(['A', 'B', 'C', 'D', 'M', 'S']);
  });

  it("keeps Node's quirks: an unclosed quote is part of the value, and `A=b=c` on the last line gives b too", () => {
    expect(parseEnv('E="unterminated\nF=2')).toEqual({ E: '"unterminated', F: '2' });
    expect(parseEnv('A=b=c')).toEqual({ A: 'b=c', b: 'c' });
  });
});
