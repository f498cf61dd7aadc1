import { findInputProblem, INPUT_MESSAGES, isStorableText, MAX_INPUT_DEPTH } from './request-input.js';

/** JSON nested `levels` deep, parsed from text (building it as objects is what overflows stacks). */
const nested = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`);

describe('findInputProblem: what no field rule should meet', () => {
  it('finds NUL characters and lone surrogates in values and keys, naming the field by its dotted path', () => {
    expect(findInputProblem({ prizes: [{ description: 'ok' }, { description: 'a\u0000b' }] })).toEqual({ field: 'prizes.1.description', message: INPUT_MESSAGES.badText });
    expect(findInputProblem({ name: 'x\ud800' })).toEqual({ field: 'name', message: INPUT_MESSAGES.badText });
    expect(findInputProblem({ name: '\udc00x' })?.field).toBe('name');
    expect(findInputProblem({ wizardState: { 'bad\u0000key': 1 } })).toEqual({ field: 'wizardState', message: INPUT_MESSAGES.badText });
    expect(findInputProblem({ searchEmail: 'a\u0000' }, 'query')?.field).toBe('query.searchEmail');
  });

  it('accepts surrogate pairs, other control characters and ordinary values', () => {
    expect(isStorableText('🎲 dice, tab\t, é')).toBe(true);
    expect(findInputProblem({ name: '🎲🎲', count: 3, flag: true, none: null, list: ['a', 1] })).toBeUndefined();
    expect(findInputProblem(undefined)).toBeUndefined();
  });

  it('refuses numbers that are not finite', () => {
    expect(findInputProblem(JSON.parse('{"amount":1e400}'))).toEqual({ field: 'amount', message: INPUT_MESSAGES.notFinite });
    expect(findInputProblem({ amount: 1e308 })).toBeUndefined();
  });

  it(`accepts ${MAX_INPUT_DEPTH} levels and refuses ${MAX_INPUT_DEPTH + 1}, naming the top-level field or the body`, () => {
    expect(findInputProblem({ wizardState: nested(MAX_INPUT_DEPTH - 1) })).toBeUndefined();
    expect(findInputProblem({ wizardState: nested(MAX_INPUT_DEPTH) })).toEqual({ field: 'wizardState', message: INPUT_MESSAGES.tooDeep });
    expect(findInputProblem(JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`))).toEqual({ field: 'body', message: INPUT_MESSAGES.tooDeep });
  });

  it('walks a body 500,000 levels deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(500_000)}${']'.repeat(500_000)}`) as unknown;
    expect(findInputProblem(deep)?.message).toBe(INPUT_MESSAGES.tooDeep);
  });
});
