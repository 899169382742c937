import { beforeEach, describe, expect, it } from 'vitest';
import './memory-local-storage-test-kit';
import type { ApiResponse } from '../../../../shared/bridge';
import { activeTab, useConsoleStore } from './console-store';

const answer = (status: number): ApiResponse => ({
  status,
  headers: {},
  body: { status },
  duration_ms: 1,
  request: { method: 'GET', url: 'http://x/', headers: {} },
  curl: 'curl',
});

const state = () => useConsoleStore.getState();

describe('console tabs', () => {
  beforeEach(() => {
    const first = state().tabs[0];
    if (!first) throw new Error('no tab');
    useConsoleStore.setState({ tabs: [first], activeTabId: first.id });
    state().setResult(first.id, {});
  });

  it('drops the answer when the method or the path changes, not when the body or headers do', () => {
    const tab = activeTab(state());
    state().setResult(tab.id, { response: answer(200) });
    state().update({ body: '{"a":1}' });
    expect(activeTab(state()).response?.status).toBe(200);
    state().update({ path: '/v2/checkout/orders' });
    expect(activeTab(state()).response).toBeUndefined();
    state().setResult(tab.id, { response: answer(201), error: undefined });
    state().update({ method: 'POST' });
    expect(activeTab(state()).response).toBeUndefined();
  });

  it('keeps each tab its own answer, and one sent from a tab left behind lands on that tab', () => {
    const first = activeTab(state()).id;
    state().openTab();
    const second = activeTab(state()).id;
    expect(second).not.toBe(first);
    expect(activeTab(state()).response).toBeUndefined();
    state().setResult(first, { response: answer(404) });
    expect(activeTab(state()).response).toBeUndefined();
    state().selectTab(first);
    expect(activeTab(state()).response?.status).toBe(404);
  });

  it('shows the tab already holding a saved request instead of opening it twice, and closing picks a neighbour', () => {
    const saved = { collectionId: 'c', requestId: 'r', name: 'Create order' };
    const request = { ...activeTab(state()).request, path: '/v2/checkout/orders' };
    state().openTab({ request, saved });
    const opened = state().activeTabId;
    state().openTab();
    state().openTab({ request, saved });
    expect(state().activeTabId).toBe(opened);
    expect(state().tabs).toHaveLength(3);
    state().closeTab(opened);
    expect(state().tabs).toHaveLength(2);
    expect(state().tabs.some((t) => t.id === state().activeTabId)).toBe(true);
  });
});
