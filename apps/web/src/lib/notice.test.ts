import { afterEach, describe, expect, it } from 'vitest';
import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';
import { bindNoticeApi, notify } from './notice';

function fakeApi() {
  const shown: ArgsProps[] = [];
  const instance = {
    open: (args: ArgsProps) => (shown.push(args), Promise.resolve(true)),
  } as unknown as MessageInstance;
  bindNoticeApi(instance);
  return shown;
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('notify', () => {
  afterEach(async () => {
    bindNoticeApi(null);
    await nextTick();
  });

  it('shows one notice when several fire in the same tick', () => {
    const shown = fakeApi();
    expect(notify('warning', 'Server Error')).toBe(true);
    expect(notify('info', 'Please refresh and try again')).toBe(false);
    expect(shown.map((s) => s.content)).toEqual(['Server Error']);
  });

  it('drops an identical notice while the first is still open, and allows it after it closed', async () => {
    const shown = fakeApi();
    notify('warning', 'Conflict');
    await nextTick();
    expect(notify('warning', 'Conflict')).toBe(false);
    expect(notify('warning', 'Other')).toBe(true);
    shown[0]?.onClose?.();
    await nextTick();
    expect(notify('warning', 'Conflict')).toBe(true);
    expect(shown).toHaveLength(3);
  });

  it('forgets the notices of a host that went away', async () => {
    fakeApi();
    notify('success', 'Added');
    await nextTick();
    bindNoticeApi(null);
    const shown = fakeApi();
    expect(notify('success', 'Added')).toBe(true);
    expect(shown).toHaveLength(1);
  });

  it('shows nothing before the API is bound', () => {
    expect(notify('error', 'Unbound')).toBe(false);
  });
});
