import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('keeps an IPv4 address, also one written as IPv4-mapped IPv6', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address by its /64, in one spelling', () => {
    const key = '2001:db8:5:6::/64';
    for (const address of ['2001:db8:5:6::1', '2001:DB8:5:6:ffff:ffff:ffff:ffff', '2001:0db8:0005:0006:0:0:a:0', '2001:db8:5:6::1%eth0']) expect(addressKey(address)).toBe(key);
    expect(addressKey('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64');
    expect(addressKey('::1')).toBe('::/64');
  });

  it('keeps what is no address as given', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an address')).toBe('not an address');
  });
});
