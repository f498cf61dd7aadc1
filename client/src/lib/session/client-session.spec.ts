import { CLIENT_SESSION_KEY, clientSessionId, forgetTab } from './client-session';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('clientSessionId', () => {
  it('makes an id once per tab and keeps it', () => {
    const storage = memoryStorage();
    let made = 0;
    const random = () => `id-${++made}-abcdefgh`;
    const first = clientSessionId(storage, random);
    expect(first).toBe('id-1-abcdefgh');
    expect(clientSessionId(storage, random)).toBe(first);
    expect(storage.items.get(CLIENT_SESSION_KEY)).toBe(first);
    expect(made).toBe(1);
  });

  it('replaces a stored value the server would refuse', () => {
    const storage = memoryStorage();
    storage.setItem(CLIENT_SESSION_KEY, 'bad id!');
    expect(clientSessionId(storage, () => '0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d')).toBe('0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d');
  });

  it('keeps one id for the page when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    let made = 0;
    const random = () => `page-${++made}-abcdefgh`;
    const first = clientSessionId(refusing, random);
    expect(clientSessionId(refusing, random)).toBe(first);
  });

  it('makes ids the server accepts', () => {
    expect(clientSessionId(memoryStorage())).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('forgets the tab at logout: its id and what the wizard kept go, a new id is made, other keys stay', () => {
    const items = new Map<string, string>([
      [CLIENT_SESSION_KEY, 'id-of-the-last-user'],
      ['fairdraw.wizard', '{"upload":{"serverFileName":"3f9c2d0e8b7a41c6a5e4d3c2b1a09f8e"}}'],
      ['fairdraw.wizard.submission', 'key'],
      ['another.site', 'kept'],
    ]);
    const storage = {
      get length() {
        return items.size;
      },
      key: (index: number) => [...items.keys()][index] ?? null,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    forgetTab(storage);
    expect([...items.keys()]).toEqual(['another.site']);
    expect(clientSessionId(storage, () => 'id-of-the-next-person')).toBe('id-of-the-next-person');
  });
});
