// Writes src/tables/*.ts, Voltfleet's own typed OSIM field tables, from the community reference data
// (protocol-en.json for the layouts, protocol-zh.json to cross-check them). The tables name their texts by key: the
// words live in the message catalogue (packages/domain/src/i18n/locales/<lang>/osim.json, keys `osim.command.<id>` and
// `osim.field.<id>`), edited there like every other text. names.tsv maps the reference's names to those ids (the
// reference's names are raw keys, machine English and partly untranslated: they are only the keys into it); it is one
// glossary for every version, so the same thing has the same name in every table. Its rows are `kind ref id` with kind
// `command` (ref: the reference's command comment), `field` (ref: the reference's field name) or `key` (ref: a field
// key, taking precedence: the reference names the forced charging and forced discharging switches alike). Terms: 电网
// grid / síť / Netz; 并网 on-grid / síťový režim / Netzbetrieb; 离网 off-grid / ostrovní režim / Inselbetrieb; 后备
// backup / záložní výstup / Backup; 负载 load / zátěž / Last; 母线 bus / sběrnice / Zwischenkreis; 电量 energy /
// energie / Energie; 运行状态 running state / provozní stav / Betriebszustand; 工作模式 operating mode / provozní režim /
// Betriebsart; 强制充电 forced charging / vynucené nabíjení / Zwangsladung; 尖峰平谷 as the plants' tariff types (sharp,
// peak, flat, valley). PV, DC, AC, SOC, SOH, BMS, PCU, DSP, DRM, IP, SSID and CRC stay as they are in every language.
// src/tables/names.test.ts checks the names the tables show.
// Run once by hand when the reference changes (`npm run generate -w packages/osim [referenceDir]`); the output is
// checked in and nothing reads the reference at run time or in tests.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const refDir = path.resolve(process.argv[2] ?? path.join(here, '../../../../shared/reference/osim'));
const outDir = path.join(here, '../src/tables');

const catalogue = path.join(here, '../../domain/src/i18n/locales/en/osim.json');
const TEXTS = JSON.parse(readFileSync(catalogue, 'utf8')).osim;
const NAMES = { command: {}, field: {}, key: {} };
for (const line of readFileSync(path.join(here, 'names.tsv'), 'utf8').split('\n').slice(1)) {
  if (!line.trim()) continue;
  const cols = line.split('\t');
  if (cols.length !== 3 || !NAMES[cols[0]]) throw new Error(`bad names.tsv row: ${line}`);
  const [kind, ref, id] = cols;
  if (NAMES[kind][ref]) throw new Error(`names.tsv names ${kind} "${ref}" twice`);
  const group = kind === 'command' ? 'command' : 'field';
  if (TEXTS[group]?.[id] === undefined) throw new Error(`${catalogue} has no osim.${group}.${id} (names.tsv ${ref})`);
  NAMES[kind][ref] = { ref, key: `osim.${group}.${id}` };
}

const en = JSON.parse(readFileSync(path.join(refDir, 'protocol-en.json'), 'utf8'));
const zh = JSON.parse(readFileSync(path.join(refDir, 'protocol-zh.json'), 'utf8'));

/** Keys for fields the reference leaves without a tag, where the generated camel-case name would be clumsy. */
const KEY_OVERRIDES = {
  'How many sets of data are there': 'totalPriceNum',
  'Battery manufacturer number (code list)': 'batteryManufacturer',
  'Whether to charge (tip) when SOC<10': 'chargeTipBelowSoc10',
  'Whether to discharge (tip) when SOC>20': 'dischargeTipAboveSoc20',
  'Whether to charge (peak) when SOC<10': 'chargePeakBelowSoc10',
  'Whether to discharge (peak) when SOC>20': 'dischargePeakAboveSoc20',
  'Whether to charge (flat) when SOC<10': 'chargeFlatBelowSoc10',
  'Whether to discharge when SOC>20 (flat)': 'dischargeFlatAboveSoc20',
  'Whether to charge (valley) when SOC<10': 'chargeValleyBelowSoc10',
  'Whether to discharge (valley) when SOC>20': 'dischargeValleyAboveSoc20',
  '10K: DC positive bus backup voltage 5/6K: Secondary bus 1': 'dcPositiveBackupBusVoltage',
  '10K: DC negative bus backup voltage 5/6K: Secondary bus 2': 'dcNegativeBackupBusVoltage',
  'The high digit of the software version number': 'dspHighVersion',
  'The lower digit of the software version number': 'dspLowVersion',
  'Subsequent setting of the number of registers (maximum 10)': 'regCount',
  'The number of registers to be queried (up to 10)': 'regCount',
};

/** Value rules by tag (R3.7 enumerations and README limits); they apply wherever the tag appears. */
const TAG_RULES = {
  operatingMode: { allowed: [0, 1, 2, 3, 4, 6], options: 'workMode' },
  soc: { min: 10, max: 100 },
  offGridSoc: { min: 10, max: 100 },
  fcSocLimit: { min: 10, max: 100 },
  fdSocLimit: { min: 10, max: 100 },
  pvSourceChoice: { allowed: [0, 1, 2, 3], options: 'pvSource' },
  backUpOrder: { allowed: [0, 1], options: 'backupOrder' },
  dcBatteryType: { allowed: [1, 2], options: 'batteryType' },
  fcOpen: { allowed: [0, 1, 2], options: 'forcedCharge' },
  fdOpen: { allowed: [0, 1, 2], options: 'forcedCharge' },
  fcTimeRangeLen: { min: 0, max: 4 },
  fdTimeRangeLen: { min: 0, max: 4 },
  powerFactor: { min: -1, max: 1 },
  year: { min: 2000, max: 2099 },
  month: { min: 1, max: 12 },
  day: { min: 1, max: 31 },
  hour: { min: 0, max: 23 },
  minute: { min: 0, max: 59 },
  second: { min: 0, max: 59 },
  regCount: { min: 1, max: 10 },
};

const camel = (text) =>
  text
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w, i) => {
      if (i > 0) return w.charAt(0).toUpperCase() + w.slice(1);
      return /^[A-Z0-9]+$/.test(w)
        ? w.toLowerCase()
        : w.replace(/^[A-Z]+(?=[A-Z][a-z])|^[A-Z]/, (m) => m.toLowerCase());
    })
    .join('');

function parseValidate(rule) {
  if (!rule) return {};
  let m = /^enum\(([^)]*)\)$/.exec(rule);
  if (m)
    return {
      allowed: m[1]
        .split(',')
        .map((x) => Number(x.trim()))
        .sort((a, b) => a - b),
    };
  m = /^valRange\((\d+)-(\d+)\)$/.exec(rule);
  if (m) return { min: Number(m[1]), max: Number(m[2]) };
  m = /^max\((\d+)\)$/.exec(rule);
  if (m) return { min: 0, max: Number(m[1]) };
  m = /^lenRange\((\d+)\s*[-,]\s*(\d+)\)$/.exec(rule);
  if (m) return { minLength: Number(m[1]), maxLength: Number(m[2]) };
  if (rule === 'ip') return { format: 'ip' };
  if (rule.startsWith('enumStr(')) return {}; // expressed by the field's codec
  throw new Error(`unknown validate rule ${rule}`);
}

function codecOf(f) {
  const c = f.converter;
  if (!c) return undefined;
  if (c.includes('ee00')) return 'switch';
  if (c === 'map(1:55, 0:AA)') return 'onOff';
  if (c.startsWith('const(')) return 'const';
  if (c === 'timeToMin' || c === 'minToTime') return 'time';
  if (c.startsWith('map(0:0, 1:1, 2:3') || c.startsWith('map(0:0, 1:1, 3:2')) return 'weekday';
  if (c === 'subZero') return undefined; // strings are always NUL-padded
  throw new Error(`unknown converter ${c}`);
}

const usedNames = new Set();
function textKey(entry, what) {
  if (!entry) throw new Error(`names.tsv has no row for ${what}`);
  usedNames.add(entry);
  return entry.key;
}

const fieldName = (enName, key) => textKey(NAMES.key[key] ?? NAMES.field[enName], `field "${enName}" (${key})`);

function convertCommand(cmd, zhCmd, version) {
  const used = new Set();
  const byOrder = new Map();
  const groupNames = new Map();
  for (const f of cmd.fields) if (f.repeatGroup !== undefined && f.groupTag) groupNames.set(f.repeatGroup, f.groupTag);
  const fields = cmd.fields.map((f, i) => {
    const zf = zhCmd.fields[i];
    if (!zf || zf.order !== f.order || zf.byteLen !== f.byteLen) throw new Error(`zh layout differs at ${cmd.type}`);
    let key = f.type === 'preserve' ? `reserved${f.order}` : (f.tag ?? KEY_OVERRIDES[f.name] ?? camel(f.name));
    if (used.has(key)) key = `${key}${f.order}`;
    used.add(key);
    byOrder.set(f.order, key);
    const out = { key, order: f.order, type: f.type, byteLen: Number(f.byteLen), name: fieldName(f.name, key) };
    if (f.tag) out.tag = f.tag;
    const scale = f.unitValue !== undefined ? Number(f.unitValue) : undefined;
    if (scale !== undefined && scale !== 1) out.scale = scale;
    const unit = f.unitType && f.unitType !== 'binary' && f.unitType !== 'currency' ? f.unitType : undefined;
    if (unit) out.unit = unit === 'KVar' ? 'kvar' : unit;
    if (f.unitType === 'currency') out.currency = true;
    if (f.same) out.same = true;
    if (f.bitPosition !== undefined) out.bit = Number(f.bitPosition);
    if (f.fromBit !== undefined) {
      out.fromBit = Number(f.fromBit);
      out.endBit = Number(f.endBit);
    }
    if (f.repeat !== undefined) out.repeat = Number(f.repeat);
    if (f.repeatRef !== undefined) out.repeatRef = f.repeatRef; // resolved to a key below
    if (f.repeatGroup !== undefined) out.group = groupNames.get(f.repeatGroup) ?? `group${f.repeatGroup}`;
    if (f.byteOrder === 1) out.littleEndian = true;
    const codec = codecOf(f);
    if (codec) out.codec = codec;
    if (codec === 'time') out.unit = 'min';
    if (codec === 'switch') {
      out.allowed = [0, 1, 2];
      out.options = 'enableOption';
    }
    if (codec === 'onOff') {
      out.allowed = [0, 1];
      out.options = 'onOff';
    }
    if (codec === 'weekday') {
      out.allowed = [0, 1, 2];
      out.options = 'forcedCharge';
    }
    if (codec === 'const') out.constant = /^const\(([0-9A-Fa-f]+)\)$/.exec(f.converter)[1].toLowerCase();
    Object.assign(out, parseValidate(f.validate));
    if (f.tag === 'onOff' && f.type === 'bit') out.options = 'onOff';
    if (f.tag && TAG_RULES[f.tag]) Object.assign(out, TAG_RULES[f.tag]);
    if (f.defaultValue !== undefined) out.defaultValue = 0; // "00:00", the only default in the reference
    if (f.listIgnore) out.detail = true;
    return out;
  });
  for (const f of fields) if (f.repeatRef !== undefined) f.repeatRef = byOrder.get(Number(f.repeatRef));
  const out = {
    code: cmd.type.toUpperCase(),
    name: textKey(NAMES.command[cmd.comment], `command "${cmd.comment}"`),
    kind: { 1: 'query', 2: 'write', 3: 'config' }[Number(cmd.op)],
    version,
    fields,
  };
  if (cmd.return) out.replies = cmd.return.split(',').map((s) => s.trim().toUpperCase());
  if (cmd.attach?.checkCommand) out.readBack = cmd.attach.checkCommand.toUpperCase();
  if (cmd.attach?.shouldCloseConnection) out.closesConnection = true;
  return out;
}

function emit(family, v, zv) {
  if (v.version !== zv.version) throw new Error('zh versions differ');
  const commands = v.commands.map((c, i) => {
    const zc = zv.commands[i];
    if (zc.type !== c.type) throw new Error(`zh command order differs at ${c.type}`);
    return convertCommand(c, zc, v.version);
  });
  const name = family === 'osim' ? `v${v.version}` : `upgrade-v${v.version}`;
  const constName = family === 'osim' ? `LAYOUT_V${v.version}` : `UPGRADE_LAYOUT_V${v.version}`;
  const layout = {
    version: v.version,
    queryCommands: (v.queryCommands ?? []).map((s) => s.toUpperCase()),
    commands,
  };
  const text = `// Generated by scripts/generate-tables.mjs from the OSIM reference; do not edit by hand.
import type { VersionLayout } from '../layout.js';

export const ${constName}: VersionLayout = ${JSON.stringify(layout, null, 2)};
`;
  writeFileSync(path.join(outDir, `${name}.ts`), text);
  return { name, constName };
}

const outputs = [];
en.osim.versions.forEach((v, i) => outputs.push(emit('osim', v, zh.osim.versions[i])));
en['osim-upgrade'].versions.forEach((v, i) => outputs.push(emit('upgrade', v, zh['osim-upgrade'].versions[i])));
const unused = Object.entries(NAMES).flatMap(([kind, byRef]) =>
  Object.entries(byRef)
    .filter(([, entry]) => !usedNames.has(entry))
    .map(([ref]) => `${kind} "${ref}"`),
);
if (unused.length > 0) throw new Error(`names.tsv rows no table uses: ${unused.join(', ')}`);
const keysUsed = new Set([...usedNames].map((entry) => entry.key));
const orphans = ['command', 'field'].flatMap((group) =>
  Object.keys(TEXTS[group])
    .map((id) => `osim.${group}.${id}`)
    .filter((key) => !keysUsed.has(key)),
);
if (orphans.length > 0) throw new Error(`${catalogue} has texts no table names: ${orphans.join(', ')}`);
console.log(`wrote ${outputs.map((o) => o.name).join(', ')}`);
