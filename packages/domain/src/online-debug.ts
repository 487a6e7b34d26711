// Online debug (Device Center → /deviceCenter/onlineDebug, B/E): reading data from a device connected over OSIM.
import { z } from 'zod';

/** Raw register access (BA write, BB read) carries at most this many registers per frame (the codec's limit). */
export const DEBUG_MAX_REGISTERS = 10;

const register = z.number('validation.invalidValue').int('validation.invalidValue').min(0).max(0xffff);

export const debugReadInputSchema = z.discriminatedUnion('kind', [
  /** A query command of the device's PCU version, e.g. `0A`. */
  z.strictObject({
    kind: z.literal('query'),
    command: z.string().regex(/^[0-9A-Fa-f]{2}$/, 'validation.invalidValue'),
  }),
  /** BB: read raw registers (operator only). */
  z.strictObject({
    kind: z.literal('registerRead'),
    addresses: z.array(register).min(1, 'onlineDebug.registersRequired').max(DEBUG_MAX_REGISTERS),
  }),
  /** BA: write raw registers (operator only). */
  z.strictObject({
    kind: z.literal('registerWrite'),
    registers: z
      .array(z.strictObject({ address: register, value: register }))
      .min(1, 'onlineDebug.registersRequired')
      .max(DEBUG_MAX_REGISTERS),
  }),
]);
export type DebugReadInput = z.infer<typeof debugReadInputSchema>;

export const debugFieldSchema = z.object({
  path: z.string(),
  name: z.string(),
  offset: z.number().int(),
  length: z.number().int(),
  raw: z.string(),
  display: z.string(),
});
export type DebugField = z.infer<typeof debugFieldSchema>;

export const debugReplySchema = z.object({
  command: z.string(),
  hex: z.string(),
  /** The decoded fields, or the codec's localised error when the reply does not decode. */
  fields: z.array(debugFieldSchema),
  error: z.string().nullable(),
});
export type DebugReply = z.infer<typeof debugReplySchema>;

export const debugReadResultSchema = z.object({
  sn: z.string(),
  pcuVersion: z.number().int(),
  requestHex: z.string(),
  /** Every expected reply arrived before the gateway's request timeout. */
  complete: z.boolean(),
  replies: z.array(debugReplySchema),
});
export type DebugReadResult = z.infer<typeof debugReadResultSchema>;

/** A device the page can talk to: connected to the OSIM gateway right now, with the PCU version it reported. */
export const debugDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  model: z.string(),
  plantName: z.string().nullable(),
  pcuVersion: z.number().int(),
});
export type DebugDevice = z.infer<typeof debugDeviceSchema>;

/**
 * Why an inverter in scope matching the search is not listed: `offline` an OSIM inverter not connected to the gateway
 * now; `mqttOnly` an inverter that talks MQTT (the page reads OSIM frames); `noGateway` an OSIM inverter while this
 * server runs no OSIM gateway.
 */
export const DEBUG_HIDDEN_REASONS = ['offline', 'mqttOnly', 'noGateway'] as const;
export type DebugHiddenReason = (typeof DEBUG_HIDDEN_REASONS)[number];

export const debugDeviceListSchema = z.object({
  /** Connected inverters matching the search, by serial number (at most DEBUG_DEVICE_LIMIT). */
  items: z.array(debugDeviceSchema),
  /** How many connected ones match in all (more than listed when the search is broad). */
  total: z.number().int(),
  /** How many matching inverters are left out, per reason. */
  hidden: z.object({ offline: z.number().int(), mqttOnly: z.number().int(), noGateway: z.number().int() }),
});
export type DebugDeviceList = z.infer<typeof debugDeviceListSchema>;

/** The debug picker lists at most this many devices; the search narrows it. */
export const DEBUG_DEVICE_LIMIT = 20;

export const debugDeviceQuerySchema = z.object({ q: z.string().trim().max(32, 'validation.tooLong').optional() });
