import { inferTimezone } from '../../lib/phoneTimezone';

describe('inferTimezone', () => {
  it('gives the one zone a number determines', async () => {
    expect(await inferTimezone('+493012345678')).toBe('Europe/Berlin');
    expect(await inferTimezone('+442071234567')).toBe('Europe/London');
    expect(await inferTimezone('+12125550123')).toBe('America/New_York');
    expect(await inferTimezone('+14155550123')).toBe('America/Los_Angeles');
  });

  it('gives null when the number spans zones or does not parse', async () => {
    expect(await inferTimezone('+18005550123')).toBeNull();
    expect(await inferTimezone('not a number')).toBeNull();
  });
});
