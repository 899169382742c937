/**
 * JSON data as the API's documents hold it: objects, arrays and scalars, copied and compared without
 * recursion (so no nesting depth can exhaust the stack) and without letting a `__proto__` key reach
 * `Object.prototype`. JSON Patch (json-patch.ts) and the patch builder (json-diff.ts) work on it.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stores `value` under `key` as an own data property.
 *
 * Plain assignment would route `__proto__` through the `Object.prototype` setter and swap the object's
 * prototype instead of storing data; defining the property keeps every key an ordinary member and keeps
 * `Object.prototype` out of reach.
 */
export function setMember(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Deep copy of JSON data, safe for `__proto__`-style keys (see {@link setMember}). Iterative: a document
 * nested any depth is copied without recursion, so no input can exhaust the stack.
 */
export function cloneJson<T>(value: T): T {
  const copyOf = (node: unknown): unknown =>
    Array.isArray(node) ? new Array<unknown>(node.length) : isObject(node) ? {} : node;
  const root = copyOf(value);
  // Each entry: a source container and its (still empty) copy, whose members are filled in turn.
  const stack: [unknown, unknown][] = root !== value ? [[value, root]] : [];
  while (stack.length > 0) {
    const [source, target] = stack.pop() as [unknown, unknown];
    if (Array.isArray(source)) {
      const copy = target as unknown[];
      for (let i = 0; i < source.length; i++) {
        const item: unknown = source[i];
        const itemCopy = copyOf(item);
        copy[i] = itemCopy;
        if (itemCopy !== item) stack.push([item, itemCopy]);
      }
    } else {
      const object = source as JsonObject;
      for (const key of Object.keys(object)) {
        const member = object[key];
        const memberCopy = copyOf(member);
        setMember(target as JsonObject, key, memberCopy);
        if (memberCopy !== member) stack.push([member, memberCopy]);
      }
    }
  }
  return root as T;
}

/**
 * RFC 6902 §4.6 equality: same JSON type and equal content. Numbers compare numerically (`1` equals
 * `1.0`), strings by code points, arrays element-wise in order, objects by key set and member values
 * regardless of member order.
 */
export function jsonEquals(a: unknown, b: unknown): boolean {
  // Iterative: pairs still to compare, so documents nested any depth compare without recursion.
  const pending: [unknown, unknown][] = [[a, b]];
  while (pending.length > 0) {
    const [left, right] = pending.pop() as [unknown, unknown];
    // Covers identical literals, strings and numbers; `0 === -0` matches "numerically equal".
    if (left === right) continue;
    if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
      return false;
    if (Array.isArray(left) || Array.isArray(right)) {
      if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
      for (let i = 0; i < left.length; i++) pending.push([left[i], right[i]]);
      continue;
    }
    const l = left as JsonObject;
    const r = right as JsonObject;
    const keys = Object.keys(l);
    if (keys.length !== Object.keys(r).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(r, key)) return false;
      pending.push([l[key], r[key]]);
    }
  }
  return true;
}
