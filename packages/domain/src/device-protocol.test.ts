import { describe, expect, it } from 'vitest';
import {
  DEVICE_TOPICS,
  DEVICE_TOPIC_FILTERS,
  commandAckJson,
  commandAckSchema,
  deviceCommandJson,
  deviceStatusJson,
  deviceStatusSchema,
  parseDeviceCommand,
  sharedTopicFilter,
  uplinkTopic,
  type DeviceCommand,
} from './device-protocol.js';

const sha = 'a'.repeat(64);

describe('topics', () => {
  it.each([
    [DEVICE_TOPICS.reading('VF12345678'), { sn: 'VF12345678', channel: 'reading' }],
    [DEVICE_TOPICS.status('VF12345678'), { sn: 'VF12345678', channel: 'status' }],
    [DEVICE_TOPICS.ack('VF12345678'), { sn: 'VF12345678', channel: 'ack' }],
    [DEVICE_TOPICS.command('VF12345678'), null],
    ['dev/vf12345678/up/reading', null],
    ['dev/VF12345678/up/other', null],
    ['dev/VF12345678/up/reading/x', null],
  ])('%s', (topic, parsed) => {
    expect(uplinkTopic(topic)).toEqual(parsed);
  });
});

describe('topic filters', () => {
  it('name the branches the broker and its ACL work with', () => {
    expect(DEVICE_TOPICS.command('VF12345678')).toBe('dev/VF12345678/down/cmd');
    expect(DEVICE_TOPIC_FILTERS.uplinks).toBe('dev/+/up/+');
    expect(sharedTopicFilter('voltfleet', DEVICE_TOPIC_FILTERS.uplinks)).toBe('$share/voltfleet/dev/+/up/+');
    expect(DEVICE_TOPIC_FILTERS.uplinkTree('%u')).toBe('dev/%u/up/#');
    expect(DEVICE_TOPIC_FILTERS.downlinkTree('+')).toBe('dev/+/down/#');
  });
});

describe('status messages', () => {
  it.each([
    [{ status: 'offline' } as const, '{"status":"offline"}'],
    [
      { dspVersion: 'V201A00D00', pcuVersion: '4.0.0', ts: 1_800_000_000_000, status: 'online' } as const,
      '{"status":"online","ts":1800000000000,"pcuVersion":"4.0.0","dspVersion":"V201A00D00"}',
    ],
  ])('%o reads %s and parses back', (message, json) => {
    expect(deviceStatusJson(message)).toBe(json);
    expect(deviceStatusSchema.parse(JSON.parse(json))).toEqual(message);
  });

  it('refuses a message its schema refuses', () => {
    expect(() => deviceStatusJson({ status: 'online', pcuVersion: 'not a version' })).toThrow();
  });
});

describe('commands round-trip through their JSON', () => {
  const commands: DeviceCommand[] = [
    { commandId: 'c1', type: 'setParameter', key: 'socLowerLimit', value: 20, expiresAt: 1_800_000_000_000 },
    { commandId: 'c2', type: 'setParameters', key: 'forcedCharging', values: { a: 1, b: 2 } },
    { commandId: 'c3', type: 'remote', key: 'clockSync', value: 1_795_483_714 },
    {
      commandId: 'c4',
      type: 'firmwareUpgrade',
      key: 'firmwareUpgrade',
      firmware: { imageId: 3, kind: 'PCU', family: '10K', version: '4.0.1', sha256: sha },
    },
  ];
  it.each(commands)('$type $key', (command) => {
    expect(parseDeviceCommand(JSON.parse(deviceCommandJson(command)))).toEqual(command);
  });

  it.each([
    ['no id', { type: 'remote', key: 'restart' }],
    ['unknown type', { commandId: 'x', type: 'format', key: 'disk' }],
    ['infinite value', { commandId: 'x', type: 'setParameter', key: 'k', value: null }],
    ['upgrade without image', { commandId: 'x', type: 'firmwareUpgrade', key: 'firmwareUpgrade' }],
    [
      'bad checksum',
      {
        commandId: 'x',
        type: 'firmwareUpgrade',
        key: 'f',
        firmware: { imageId: 1, kind: 'PCU', family: '10K', version: '1', sha256: 'zz' },
      },
    ],
    ['an array', []],
  ])('refuses %s', (_what, json) => {
    expect(parseDeviceCommand(json)).toBeNull();
  });

  it('writes only the documented properties', () => {
    const text = deviceCommandJson({ commandId: 'c', type: 'remote', key: 'restart', extra: 1 } as DeviceCommand);
    expect(JSON.parse(text)).toEqual({ commandId: 'c', type: 'remote', key: 'restart' });
  });
});

describe('acknowledgements and status', () => {
  it.each([
    [{ ok: true, value: 20 }, true],
    [{ ok: true, values: { clockS: 5 } }, true],
    [{ ok: false, reason: 'outOfRange' }, true],
    [{ ok: false, reason: '' }, false],
  ] as const)('%j', (answer, valid) => {
    expect(commandAckSchema.safeParse(JSON.parse(commandAckJson('c9', answer))).success).toBe(valid);
  });

  it('never reads "final" from the wire (only a link may say an acknowledgement is final)', () => {
    const parsed = commandAckSchema.parse({ commandId: 'c', ok: true, final: true });
    expect('final' in parsed).toBe(false);
  });

  it.each([
    [{ status: 'online', pcuVersion: '4.0.0', dspVersion: 'V201A00D00' }, true],
    [{ status: 'offline' }, true],
    [{ status: 'sleeping' }, false],
    [{ status: 'online', pcuVersion: '4.0.0; rm -rf' }, false],
  ])('status %j', (status, valid) => {
    expect(deviceStatusSchema.safeParse(status).success).toBe(valid);
  });
});
