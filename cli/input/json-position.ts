/**
 * Where a JSON text first goes wrong: a small strict scanner, because Node 20's JSON.parse errors do not
 * say where. Returns the 1-based line and column of the first offending character (the end of the text
 * when it stops early), or undefined when the text is valid JSON.
 *
 * @example
 * jsonErrorPosition('{\n  "seats": 30,\n}') // { line: 3, column: 1, problem: 'expected a string key' }
 */
export function jsonErrorPosition(text: string): { line: number; column: number; problem: string } | undefined {
  let i = 0;
  const fail = (problem: string): never => {
    throw Object.assign(new Error(problem), { offset: i });
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i += 1;
  };
  const expect = (char: string, problem: string) => {
    if (text[i] !== char) fail(problem);
    i += 1;
  };
  const string = () => {
    expect('"', 'expected a string');
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail('control character in a string');
      if (text[i] === '\\') {
        i += 1;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('bad \\u escape');
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail('bad escape');
      }
      i += 1;
    }
    expect('"', 'unterminated string');
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i += 1;
      ws();
      if (text[i] === '}') return void (i += 1);
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a string key');
        string();
        ws();
        expect(':', 'expected ":"');
        value();
        ws();
        if (text[i] === ',') i += 1;
        else return expect('}', 'expected "," or "}"');
      }
    }
    if (c === '[') {
      i += 1;
      ws();
      if (text[i] === ']') return void (i += 1);
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i += 1;
        else return expect(']', 'expected "," or "]"');
      }
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i));
    if (!literal) fail(i >= text.length ? 'unexpected end of the text' : 'expected a value');
    i += (literal as RegExpExecArray)[0].length;
  };
  try {
    value();
    ws();
    if (i < text.length) fail('unexpected text after the JSON value');
    return undefined;
  } catch (error) {
    const offset = Math.min((error as { offset: number }).offset, text.length);
    const before = text.slice(0, offset).split('\n');
    return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1, problem: (error as Error).message };
  }
}
