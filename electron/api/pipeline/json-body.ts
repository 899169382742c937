import { atMostBrackets, jsonTextDepth, MAX_JSON_DEPTH } from '../../../shared/json-depth.js';
import { ApiError, detail } from './api-error.js';

/**
 * A JSON request body, parsed: undefined when empty (SDKs send a Content-Type with bodiless captures),
 * 400 `MALFORMED_REQUEST_JSON` when not well formed, and 400 `JSON_NESTING_TOO_DEEP` when it nests deeper
 * than `MAX_JSON_DEPTH` (checked on the text, before parsing: no step after this one ever walks deeper
 * data). Every route's JSON body comes through here.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  // Counting brackets is enough for nearly every body; only one with many is walked for its depth.
  if (!atMostBrackets(text, MAX_JSON_DEPTH) && jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError('INVALID_REQUEST', [
      detail('JSON_NESTING_TOO_DEEP', {
        field: '/',
        location: 'body',
        description: `The request JSON nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays; at most ${MAX_JSON_DEPTH} are accepted.`,
      }),
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError('INVALID_REQUEST', [
      detail('MALFORMED_REQUEST_JSON', { location: 'body', description: (error as Error).message }),
    ]);
  }
}
