import { describe, expect, it } from 'vitest';
import { prettyBody } from './pretty-body';

describe('prettyBody', () => {
  it('pretty-prints JSON text with two-space indents', () => {
    expect(prettyBody('{"id":"A","amount":{"value":"1.00"},"items":[1,2]}')).toEqual({
      text: '{\n  "id": "A",\n  "amount": {\n    "value": "1.00"\n  },\n  "items": [\n    1,\n    2\n  ]\n}',
      json: true,
    });
  });
  it('shows other text, and JSON cut short, as it is', () => {
    expect(prettyBody('grant_type=client_credentials')).toEqual({
      text: 'grant_type=client_credentials',
      json: false,
    });
    expect(prettyBody('{"id":"A","na')).toEqual({ text: '{"id":"A","na', json: false });
  });
  it('prints a parsed value as JSON', () => {
    expect(prettyBody({ a: 1 })).toEqual({ text: '{\n  "a": 1\n}', json: true });
  });
});
