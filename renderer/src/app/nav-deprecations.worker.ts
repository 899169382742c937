/// <reference lib="webworker" />
import { deprecationCaptions, type CaptionedEntry } from '../components/deprecated-endpoints';

/**
 * The drawer's deprecation captions, worked out off the page's main thread: they are read from the
 * shared endpoints, whose schemas are the renderer's largest module graph, and evaluating it was a task
 * of 95-125 ms (55-60 ms of CPU) in every tab a moment after its first rows at a load of 3 to 5,
 * whatever the tab was doing then. The page sends its entries and gets [path, caption] pairs back.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<CaptionedEntry[]>) => {
  scope.postMessage(deprecationCaptions(event.data));
};
