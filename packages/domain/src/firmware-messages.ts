import type { Lang } from './languages.js';

type Entry = Record<Lang, string>;

/** Message keys of the firmware catalogue and the upgrade rules (R4.7), merged into MESSAGES. */
export const FIRMWARE_MESSAGES = {
  'firmware.noVersion': {
    zh: '当前设备没有可用的版本',
    en: 'No version is available for the current device',
    cs: 'Pro aktuální zařízení není k dispozici žádná verze',
    de: 'Für das aktuelle Gerät ist keine Version verfügbar',
  },
  'firmware.rule.pcuDspTogether': {
    zh: 'PCU 和 DSP 不能同时升级，请先升级 PCU，再升级 DSP',
    en: 'PCU and DSP cannot be upgraded together: upgrade the PCU first, then the DSP',
    cs: 'PCU a DSP nelze aktualizovat současně: nejprve aktualizujte PCU, potom DSP',
    de: 'PCU und DSP können nicht zusammen aktualisiert werden: zuerst die PCU, dann den DSP',
  },
  'firmware.rule.upgradeInProgress': {
    zh: '该设备的升级尚未完成，请等待设备重启',
    en: 'An upgrade of this device is still in progress, wait for the inverter to restart',
    cs: 'Aktualizace tohoto zařízení ještě probíhá, počkejte na restart střídače',
    de: 'Ein Update dieses Geräts läuft noch, warten Sie den Neustart des Wechselrichters ab',
  },
  'firmware.rule.familyMismatch': {
    zh: '5K 与 10K 的软件不能混用，请选择与设备机型一致的固件',
    en: '5K and 10K software must not be mixed: choose an image for the device model',
    cs: 'Software pro 5K a 10K se nesmí zaměňovat: zvolte obraz pro model zařízení',
    de: '5K- und 10K-Software dürfen nicht gemischt werden: wählen Sie ein Image für das Gerätemodell',
  },
  'firmware.rule.deviceVersionUnknown': {
    zh: '设备尚未上报可识别的版本号，无法判断能否升级',
    en: 'The device has not reported a version that can be read, so the upgrade cannot be checked',
    cs: 'Zařízení nenahlásilo čitelnou verzi, aktualizaci nelze ověřit',
    de: 'Das Gerät hat keine lesbare Version gemeldet, das Update kann nicht geprüft werden',
  },
  'firmware.rule.notNewer': {
    zh: '所选版本不高于设备当前版本',
    en: 'The chosen version is not newer than the version on the device',
    cs: 'Zvolená verze není novější než verze v zařízení',
    de: 'Die gewählte Version ist nicht neuer als die Version auf dem Gerät',
  },
  'firmware.rule.pcuTo400First': {
    zh: 'PCU 版本低于 4.0.0 时须先升级到 4.0.0',
    en: 'A PCU below 4.0.0 must first be upgraded to 4.0.0',
    cs: 'PCU nižší než 4.0.0 je nutné nejprve aktualizovat na 4.0.0',
    de: 'Eine PCU unter 4.0.0 muss zuerst auf 4.0.0 aktualisiert werden',
  },
  'firmware.rule.dspFormat': {
    zh: '只有 VxxxA00D00 格式的 DSP 版本可以升级',
    en: 'Only DSP versions of the form VxxxA00D00 can be upgraded',
    cs: 'Aktualizovat lze pouze verze DSP ve tvaru VxxxA00D00',
    de: 'Nur DSP-Versionen der Form VxxxA00D00 können aktualisiert werden',
  },
  'firmware.rule.dspSeries': {
    zh: 'DSP 不能在 V1xx 与 V2xx 系列之间升级',
    en: 'The DSP cannot be upgraded between the V1xx and V2xx series',
    cs: 'DSP nelze aktualizovat mezi řadami V1xx a V2xx',
    de: 'Der DSP kann nicht zwischen den Serien V1xx und V2xx aktualisiert werden',
  },
  'firmware.rule.pcuFirst': {
    zh: '请先将 PCU 升级到最新版本（至少 4.0.0），再升级 DSP',
    en: 'Upgrade the PCU to its newest version (at least 4.0.0) before the DSP',
    cs: 'Před DSP aktualizujte PCU na nejnovější verzi (alespoň 4.0.0)',
    de: 'Aktualisieren Sie vor dem DSP die PCU auf die neueste Version (mindestens 4.0.0)',
  },
  'firmware.rule.shutdownFirst': {
    zh: '升级前请先下发关机指令，逆变器须处于关机状态',
    en: 'Shut the inverter down first: issue the shutdown command before the upgrade',
    cs: 'Nejprve střídač vypněte: před aktualizací odešlete příkaz k vypnutí',
    de: 'Fahren Sie den Wechselrichter zuerst herunter: senden Sie vor dem Update den Ausschaltbefehl',
  },
  'firmware.kindInvalid': {
    zh: '固件类型须为 PCU 或 DSP',
    en: 'The firmware kind must be PCU or DSP',
    cs: 'Typ firmwaru musí být PCU nebo DSP',
    de: 'Die Firmware-Art muss PCU oder DSP sein',
  },
  'firmware.familyInvalid': {
    zh: '机型须为 5K、6K 或 10K',
    en: 'The model family must be 5K, 6K or 10K',
    cs: 'Modelová řada musí být 5K, 6K nebo 10K',
    de: 'Die Modellfamilie muss 5K, 6K oder 10K sein',
  },
  'firmware.pcuVersionFormat': {
    zh: 'PCU 版本格式须为 x.y.z，例如 4.0.0',
    en: 'A PCU version has the form x.y.z, e.g. 4.0.0',
    cs: 'Verze PCU má tvar x.y.z, např. 4.0.0',
    de: 'Eine PCU-Version hat die Form x.y.z, z. B. 4.0.0',
  },
  'firmware.dspVersionFormat': {
    zh: 'DSP 版本格式须为 VxxxAxxDxx，例如 V201A00D00',
    en: 'A DSP version has the form VxxxAxxDxx, e.g. V201A00D00',
    cs: 'Verze DSP má tvar VxxxAxxDxx, např. V201A00D00',
    de: 'Eine DSP-Version hat die Form VxxxAxxDxx, z. B. V201A00D00',
  },
  'firmware.fileMissing': {
    zh: '请选择固件文件',
    en: 'Choose a firmware file',
    cs: 'Vyberte soubor firmwaru',
    de: 'Wählen Sie eine Firmware-Datei',
  },
  'firmware.fileEmpty': {
    zh: '固件文件为空',
    en: 'The firmware file is empty',
    cs: 'Soubor firmwaru je prázdný',
    de: 'Die Firmware-Datei ist leer',
  },
  'firmware.fileTooLarge': {
    zh: '固件文件不能超过 {maxMb} MB',
    en: 'The firmware file must not exceed {maxMb} MB',
    cs: 'Soubor firmwaru nesmí přesáhnout {maxMb} MB',
    de: 'Die Firmware-Datei darf {maxMb} MB nicht überschreiten',
  },
  'firmware.duplicate': {
    zh: '该机型已存在相同类型和版本的固件',
    en: 'An image of this kind and version already exists for this model',
    cs: 'Pro tento model již existuje obraz tohoto typu a verze',
    de: 'Für dieses Modell gibt es bereits ein Image dieser Art und Version',
  },
  'firmware.inUse': {
    zh: '该固件正被升级任务使用，无法删除',
    en: 'The image is used by an upgrade and cannot be deleted',
    cs: 'Obraz používá aktualizace a nelze jej smazat',
    de: 'Das Image wird von einem Update verwendet und kann nicht gelöscht werden',
  },
  'firmware.uploaded': {
    zh: '上传成功',
    en: 'Uploaded',
    cs: 'Nahráno',
    de: 'Hochgeladen',
  },
  'firmware.passwordWrong': {
    zh: '密码错误，升级未下发',
    en: 'The password is wrong, the upgrade was not issued',
    cs: 'Heslo je nesprávné, aktualizace nebyla odeslána',
    de: 'Das Passwort ist falsch, das Update wurde nicht gesendet',
  },
  'firmware.notInverter': {
    zh: '只有逆变器可以升级固件',
    en: 'Only inverters take firmware upgrades',
    cs: 'Aktualizaci firmwaru lze provést pouze u střídačů',
    de: 'Nur Wechselrichter erhalten Firmware-Updates',
  },
} satisfies Record<string, Entry>;
