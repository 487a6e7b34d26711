// The OSIM tables name their commands, fields, wire types, value meanings and codec errors by catalogue key
// (@voltfleet/osim's OsimTextKey); the online debug route loads those namespaces (messages/osim, messages/options).
import type { MessageKey } from '@voltfleet/domain/i18n';
import type { OsimText, OsimTextKey } from '@voltfleet/osim';
import { message } from '@/lib/i18n';

/** A name or error of the OSIM tables in the UI's language. */
export function osimText(text: OsimTextKey | OsimText): string {
  const { key, params } = typeof text === 'string' ? { key: text, params: undefined } : text;
  // The cast is checked by @voltfleet/osim's names.test.ts: every key its tables name is a catalogue key (the osim
  // package types its keys by prefix only, as it does not depend on the domain's catalogue).
  return message(key as MessageKey, { ...params });
}
