import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUi } from './ui-store';

beforeEach(() => {
  vi.useFakeTimers();
  useUi.setState({ notices: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

const shown = () => useUi.getState().notices.map((n) => n.message);

describe('notices', () => {
  it('shows each notice without a key on its own, for a few seconds', () => {
    const { notify } = useUi.getState();
    notify('one');
    notify('two');
    expect(shown()).toEqual(['one', 'two']);
    vi.advanceTimersByTime(4_500);
    expect(shown()).toEqual([]);
  });

  it('tells a keyed notice still shown its new message, as the newest, and keeps it up from then', () => {
    const { notify } = useUi.getState();
    notify('burst: 50 changes', 'info', { key: 'burst:1' });
    notify('Exported 10 entries', 'success');
    const id = useUi.getState().notices[0]?.id;
    vi.advanceTimersByTime(4_000);
    notify('burst: 2,000 changes', 'info', { key: 'burst:1' });
    expect(shown()).toEqual(['Exported 10 entries', 'burst: 2,000 changes']);
    expect(useUi.getState().notices[1]?.id).toBe(id);
    // The first message's timer no longer takes it down: the notice stays 4.5 s from its last message.
    vi.advanceTimersByTime(1_000);
    expect(shown()).toEqual(['burst: 2,000 changes']);
    vi.advanceTimersByTime(3_500);
    expect(shown()).toEqual([]);
  });

  it('shows a keyed notice anew once the one before has gone, and another key beside it', () => {
    const { notify } = useUi.getState();
    notify('first burst', 'info', { key: 'burst:1' });
    vi.advanceTimersByTime(4_500);
    notify('first burst, later', 'info', { key: 'burst:1' });
    notify('second burst', 'info', { key: 'burst:2' });
    expect(shown()).toEqual(['first burst, later', 'second burst']);
  });
});
