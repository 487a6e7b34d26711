import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@voltfleet/domain/auth';

const me: Me = {
  user: {
    id: 1,
    username: 'admin',
    name: 'Administrator',
    code: 'U000001',
    email: '',
    prePhoneCode: '+86',
    phone: '',
    company: '',
    remark: '',
    avatar: null,
    level: 0,
    enabled: true,
    approval: 'approved',
    roleId: 1,
    roleName: 'Platform operator',
    superiorId: null,
    superiorName: null,
    parentCustomerCode: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    language: 'en',
    languageChosen: false,
  },
  role: { id: 1, name: 'Platform operator', views: [] },
  permissions: ['D', 'D/A'],
  modules: [],
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

// The store reads localStorage when first imported, so each test imports a fresh copy.
async function loadSession(initial: Record<string, string> = {}) {
  const store = memoryStorage(initial);
  vi.stubGlobal('localStorage', store);
  vi.resetModules();
  return { store, session: await import('./session') };
}

describe('persisted session (voltfleet.state)', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('saves Me and the language, and clears both on sign-out', async () => {
    const { store, session } = await loadSession();
    session.saveSession(me, 'de');
    expect(JSON.parse(store.data.get('voltfleet.state') ?? '')).toEqual({ me, lang: 'de' });
    session.setSessionLang('cs');
    expect(session.getSession()?.lang).toBe('cs');
    session.clearSession();
    expect(store.data.has('voltfleet.state')).toBe(false);
    expect(session.getSession()).toBeNull();
  });

  it('restores a stored session', async () => {
    const { session } = await loadSession({ 'voltfleet.state': JSON.stringify({ me, lang: 'zh' }) });
    expect(session.getSession()).toEqual({ me, lang: 'zh' });
  });

  it.each([
    ['not json'],
    [JSON.stringify({ me: { user: 'x' }, lang: 'en' })],
    [JSON.stringify({ lang: 'en' })],
    [JSON.stringify({ me: { ...me, permissions: 'D' }, lang: 'en' })],
    [JSON.stringify({ me: { ...me, user: { ...me.user, id: '1' } }, lang: 'en' })],
    [JSON.stringify({ me: { ...me, role: null }, lang: 'en' })],
  ])('treats a damaged state as signed out: %s', async (raw) => {
    const { session } = await loadSession({ 'voltfleet.state': raw });
    expect(session.getSession()).toBeNull();
  });

  it('replaces only the user after a profile change', async () => {
    const { session } = await loadSession();
    session.saveSession(me, 'en');
    session.updateSessionUser({ ...me.user, company: 'Voltfleet Ltd' });
    expect(session.getSession()?.me.user.company).toBe('Voltfleet Ltd');
    expect(session.getSession()?.me.permissions).toEqual(['D', 'D/A']);
  });
});
