import { describe, expect, it } from 'vitest';
import { memberSpan, rawMember } from './raw-json.js';

describe('rawMember: the exact text of a top-level member', () => {
  it.each([
    ['{"a":1,"webhook_event":{"x":"y"}}', '{"x":"y"}'],
    ['{ "webhook_event" :  {"x": [1, 2, {"z": "}"}]}  , "b": 2 }', '{"x": [1, 2, {"z": "}"}]}'],
    ['{"s":"a \\" quote","webhook_event":{"k":"\\\\"}}', '{"k":"\\\\"}'],
    ['{"webhook\\u005fevent":{"escaped":"key"}}', '{"escaped":"key"}'],
    ['{"nested":{"webhook_event":1},"webhook_event":[true,null]}', '[true,null]'],
    ['{"webhook_event":"{not an object}"}', '"{not an object}"'],
    ['{"webhook_event":-12.5e3,"z":0}', '-12.5e3'],
    ['{"webhook_event":{"a":1},"webhook_event":{"b":2}}', '{"b":2}'],
    ['\ufeff{"webhook_event":{"é":"ü"}}', '{"é":"ü"}'],
  ])('%s', (text, expected) => {
    expect(rawMember(text, 'webhook_event')).toBe(expected);
  });

  it('is undefined when the text is not an object or lacks the member', () => {
    expect(rawMember('[{"webhook_event":1}]', 'webhook_event')).toBeUndefined();
    expect(rawMember('{"other":{"webhook_event":1}}', 'webhook_event')).toBeUndefined();
    expect(memberSpan('{}', 'webhook_event')).toBeUndefined();
  });
});
