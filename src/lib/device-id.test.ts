import { beforeEach, describe, expect, it } from 'vitest';
import { deviceId, existingDeviceId } from '@/lib/device-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('device id', () => {
  beforeEach(() => window.localStorage.clear());

  it('is created once by the staff app and then read by the public page of the same origin', () => {
    expect(existingDeviceId()).toBeNull();
    const created = deviceId();
    expect(created).toMatch(UUID);
    expect(deviceId()).toBe(created);
    expect(existingDeviceId()).toBe(created);
  });

  it('ignores a stored value that is not a UUID (and replaces it when one is needed)', () => {
    window.localStorage.setItem('farmacia.device-id', "' or true --");
    expect(existingDeviceId()).toBeNull();
    expect(deviceId()).toMatch(UUID);
  });
});
