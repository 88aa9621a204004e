import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timezones } from 'libphonenumber-geo-carrier';
import { inferTimezone } from '../../lib/phoneTimezone';

/** `count` numbers spread over countries and their ranges: a fixed pseudo-random sequence, the same every run. */
function numbers(count: number): string[] {
  const countries = ['1', '44', '49', '33', '61', '7', '55', '52', '81', '91', '34', '39', '351', '62', '86', '27'];
  let seed = 17;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  return Array.from({ length: count }, () => {
    const country = countries[next() % countries.length]!;
    const digits = Array.from({ length: 10 }, () => next() % 10).join('');
    return `+${country}${digits}`;
  });
}

describe('inferTimezone', () => {
  it('gives the one zone a number determines', () => {
    expect(inferTimezone('+493012345678')).toBe('Europe/Berlin');
    expect(inferTimezone('+442071234567')).toBe('Europe/London');
    expect(inferTimezone('+12125550123')).toBe('America/New_York');
    expect(inferTimezone('+14155550123')).toBe('America/Los_Angeles');
  });

  it('gives null when the number spans zones or does not parse', () => {
    expect(inferTimezone('+18005550123')).toBeNull();
    expect(inferTimezone('not a number')).toBeNull();
  });

  it("answers as the library's own lookup does, from the same data", async () => {
    const sample = numbers(300);
    const expected = await Promise.all(
      sample.map(async (n) => {
        const parsed = parsePhoneNumberFromString(n);
        const zones = parsed ? await timezones(parsed) : null;
        return zones && zones.length === 1 ? zones[0] : null;
      }),
    );
    expect(sample.map((n) => inferTimezone(n))).toEqual(expected);
    // The sample reaches both answers: zones and nulls.
    expect(expected.filter((z) => z !== null).length).toBeGreaterThan(50);
    expect(expected.filter((z) => z === null).length).toBeGreaterThan(10);
  });

  it('resolves an import batch of 10,000 numbers (the time is printed, not asserted)', () => {
    const batch = numbers(10_000);
    const started = process.hrtime.bigint();
    const zones = batch.map((n) => inferTimezone(n));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(`inferTimezone: 10,000 numbers in ${ms.toFixed(0)} ms (${((ms * 1000) / batch.length).toFixed(1)} µs each)\n`);
    expect(zones).toHaveLength(10_000);
    expect(zones.filter((z) => z !== null).length).toBeGreaterThan(1_000);
  });
});
