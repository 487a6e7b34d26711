// Meanings of enumerated values (R3.7), for the parameter catalogue.
import type { LocalisedText, OptionSetName } from './layout.js';

export interface OptionLabel {
  readonly value: number;
  readonly names: LocalisedText;
}

const o = (value: number, zh: string, en: string, cs: string, de: string): OptionLabel => ({
  value,
  names: { zh, en, cs, de },
});

export const OPTION_SETS: Readonly<Record<OptionSetName, readonly OptionLabel[]>> = {
  workMode: [
    o(0, '默认', 'Default', 'Výchozí', 'Standard'),
    o(1, '通用模式', 'General', 'Obecný', 'Allgemein'),
    o(2, '储能模式', 'Energy storage', 'Ukládání energie', 'Energiespeicher'),
    o(3, '微电网', 'Micro-grid', 'Mikrosíť', 'Microgrid'),
    o(4, '削峰填谷', 'Peak-valley', 'Špička-údolí', 'Spitzen-/Talbetrieb'),
    o(6, '交流耦合', 'AC coupling', 'AC vazba', 'AC-Kopplung'),
  ],
  enableOption: [
    o(0, '默认', 'Default', 'Výchozí', 'Standard'),
    o(1, '使能', 'Enable', 'Povolit', 'Aktivieren'),
    o(2, '禁止', 'Disable', 'Zakázat', 'Deaktivieren'),
  ],
  onOff: [o(0, '关机', 'Off', 'Vypnuto', 'Aus'), o(1, '开机', 'On', 'Zapnuto', 'Ein')],
  pvSource: [
    o(0, 'PV1+PV2', 'PV1+PV2', 'PV1+PV2', 'PV1+PV2'),
    o(1, '无PV', 'No PV', 'Bez PV', 'Keine PV'),
    o(2, 'PV1', 'PV1', 'PV1', 'PV1'),
    o(3, 'PV2', 'PV2', 'PV2', 'PV2'),
  ],
  backupOrder: [
    o(0, 'PV>电池>电网', 'PV > Battery > Grid', 'PV > Baterie > Síť', 'PV > Batterie > Netz'),
    o(1, 'PV>电网>电池', 'PV > Grid > Battery', 'PV > Síť > Baterie', 'PV > Netz > Batterie'),
  ],
  batteryType: [
    o(1, '锂电池', 'Lithium-ion', 'Lithium-iontová', 'Lithium-Ionen'),
    o(2, '铅酸电池', 'Lead-acid', 'Olověná', 'Blei-Säure'),
  ],
  forcedCharge: [
    o(0, '关闭', 'Off', 'Vypnuto', 'Aus'),
    o(1, '单次', 'Once', 'Jednou', 'Einmalig'),
    o(2, '每周', 'Weekly', 'Týdně', 'Wöchentlich'),
  ],
};
