import { alarm, text, type AlarmText } from './alarm-types.js';

/** Wiring alarms: cables connected to the wrong terminals. */
export const WIRING_ALARMS = [
  alarm('wiring.gridBackupSwapped', 'wiring', 'critical', {
    name: text(
      '电网与备用端接反',
      'Grid and backup cables swapped',
      'Prohozené kabely sítě a záložního výstupu',
      'Netz- und Backup-Kabel vertauscht',
    ),
    cause: text(
      '电网电缆接到了备用（负载）端子，负载电缆接到了电网端子（单机）。',
      'The grid cable is on the backup (load) terminal and the load cable on the grid terminal (single unit).',
      'Síťový kabel je připojen na svorky záložního výstupu (zátěže) a kabel zátěže na síťové svorky (samostatná jednotka).',
      'Das Netzkabel liegt an der Backup-(Last-)Klemme und das Lastkabel an der Netzklemme (Einzelgerät).',
    ),
    steps: text(
      '断开电网和电池，由电工将电网电缆与备用电缆改接到正确端子。',
      'Disconnect grid and battery and have an electrician move the grid and backup cables to the correct terminals.',
      'Odpojte síť i baterii a nechte elektrikáře přepojit síťový a záložní kabel na správné svorky.',
      'Netz und Batterie trennen und Netz- und Backup-Kabel von einer Elektrofachkraft an die richtigen Klemmen umklemmen lassen.',
    ),
    tail: 'checkFirst',
  }),
  alarm('wiring.batteryReversed', 'wiring', 'critical', {
    name: text('电池输入反接', 'Battery input reversed', 'Přepólovaný vstup baterie', 'Batterieeingang verpolt'),
    cause: text(
      '电池直流电缆的正负极接反。',
      'The positive and negative battery DC cables are swapped.',
      'Kladný a záporný stejnosměrný kabel baterie jsou prohozeny.',
      'Plus- und Minuskabel der Batterie sind vertauscht.',
    ),
    steps: text(
      '立即断开电池开关，由专业人员纠正极性。',
      'Open the battery switch at once and have a qualified installer correct the polarity.',
      'Ihned rozpojte vypínač baterie a nechte polaritu opravit odborníkem.',
      'Sofort den Batterieschalter öffnen und die Polarität von einer Fachkraft korrigieren lassen.',
    ),
    tail: 'checkFirst',
  }),
];

const IMPEDANCE = text(
  '断开直流开关，检查光伏组件、直流电缆和接线盒的绝缘（破损、受潮、积水），对地绝缘阻抗应大于 33 kΩ。雨后或清晨潮湿时出现、干燥后消失的，通常是受潮所致。',
  'Open the DC switches and check the insulation of PV modules, DC cables and junction boxes (damage, moisture, standing water); the insulation impedance to earth must be above 33 kΩ. If it appears after rain or on damp mornings and clears as things dry, moisture is the usual cause.',
  'Rozpojte DC odpojovače a zkontrolujte izolaci FV panelů, stejnosměrných kabelů a rozvodných krabic (poškození, vlhkost, stojící voda); izolační impedance proti zemi musí být vyšší než 33 kΩ. Objevuje-li se po dešti nebo za vlhkých rán a po vyschnutí mizí, bývá příčinou vlhkost.',
  'DC-Schalter öffnen und die Isolierung von PV-Modulen, DC-Kabeln und Anschlussdosen prüfen (Beschädigung, Feuchtigkeit, stehendes Wasser); die Isolationsimpedanz gegen Erde muss über 33 kΩ liegen. Tritt die Meldung nach Regen oder an feuchten Morgen auf und verschwindet beim Abtrocknen, ist meist Feuchtigkeit die Ursache.',
);

function busInsulation(pole: 'positive' | 'negative') {
  const plus = pole === 'positive';
  return alarm(`insulation.${pole}Bus`, 'insulation', 'critical', {
    name: text(
      plus ? '正母线绝缘阻抗低' : '负母线绝缘阻抗低',
      plus ? 'Positive bus insulation impedance low' : 'Negative bus insulation impedance low',
      plus ? 'Nízká izolační impedance kladné sběrnice' : 'Nízká izolační impedance záporné sběrnice',
      plus
        ? 'Isolationsimpedanz des Plus-Zwischenkreises zu niedrig'
        : 'Isolationsimpedanz des Minus-Zwischenkreises zu niedrig',
    ),
    cause: text(
      `${plus ? '正' : '负'}母线对地绝缘阻抗低于 33 kΩ，常见于组件或电缆绝缘受损或受潮。`,
      `The insulation impedance of the ${pole} bus to earth is below 33 kΩ, typically from damaged or damp module or cable insulation.`,
      `Izolační impedance ${plus ? 'kladné' : 'záporné'} sběrnice proti zemi je nižší než 33 kΩ, typicky kvůli poškozené nebo vlhké izolaci panelů či kabelů.`,
      `Die Isolationsimpedanz des ${plus ? 'Plus' : 'Minus'}-Zwischenkreises gegen Erde liegt unter 33 kΩ, typisch durch beschädigte oder feuchte Modul- oder Kabelisolierung.`,
    ),
    steps: IMPEDANCE,
    tail: 'checkFirst',
  });
}

/** Insulation alarms. */
export const INSULATION_ALARMS = [
  busInsulation('positive'),
  busInsulation('negative'),
  alarm('insulation.battery', 'insulation', 'major', {
    name: text(
      '电池绝缘电阻告警',
      'Battery insulation resistance warning',
      'Varování izolačního odporu baterie',
      'Warnung Isolationswiderstand der Batterie',
    ),
    cause: text(
      '电池管理系统测得电池对地绝缘电阻过低。',
      'The battery management system measures too low an insulation resistance from the battery to earth.',
      'Systém správy baterie naměřil příliš nízký izolační odpor baterie proti zemi.',
      'Das Batteriemanagementsystem misst einen zu niedrigen Isolationswiderstand der Batterie gegen Erde.',
    ),
    steps: text(
      '断开电池开关，检查电池直流电缆、端子和电池柜内是否破损或受潮。',
      'Open the battery switch and check battery DC cables, terminals and the battery cabinet for damage or moisture.',
      'Rozpojte vypínač baterie a zkontrolujte stejnosměrné kabely, svorky a skříň baterie, zda nejsou poškozené nebo vlhké.',
      'Batterieschalter öffnen und DC-Kabel, Klemmen und Batterieschrank auf Beschädigung oder Feuchtigkeit prüfen.',
    ),
    tail: 'checkFirst',
  }),
];

const COOLING = text(
  '检查逆变器周围通风和散热是否良好，避免阳光直射，清理散热片上的灰尘。',
  'Check that the inverter is well ventilated and cooled, keep it out of direct sunlight and clean dust off the heat sink.',
  'Zkontrolujte dostatečné větrání a chlazení měniče, chraňte jej před přímým sluncem a očistěte chladič od prachu.',
  'Belüftung und Kühlung des Wechselrichters prüfen, direkte Sonneneinstrahlung vermeiden und Staub vom Kühlkörper entfernen.',
);

function hardware(
  code: string,
  severity: 'critical' | 'major' | 'minor',
  name: AlarmText,
  cause: AlarmText,
  steps: AlarmText,
) {
  return alarm(code, 'hardware', severity, { name, cause, steps });
}

/** Hardware alarms of the inverter itself. */
export const HARDWARE_ALARMS = [
  hardware(
    'hardware.relayCheckFailure',
    'critical',
    text('继电器自检失败', 'Relay check failure', 'Selhání kontroly relé', 'Relais-Selbsttest fehlgeschlagen'),
    text(
      '并网前继电器自检未通过，可能是继电器触点粘连或检测电路故障，也可能是 N 线或地线接线错误。',
      'The relay self-test before connecting to the grid failed: a welded relay contact, a faulty sensing circuit, or wrong N or PE wiring.',
      'Autotest relé před připojením k síti selhal: svařený kontakt relé, vadný měřicí obvod nebo chybné zapojení N či PE.',
      'Der Relais-Selbsttest vor dem Netzanschluss schlug fehl: verschweißter Relaiskontakt, defekte Messschaltung oder falsch angeschlossener N- oder PE-Leiter.',
    ),
    text(
      '检查 N 线和地线接线。',
      'Check the N and PE wiring.',
      'Zkontrolujte zapojení vodičů N a PE.',
      'N- und PE-Verdrahtung prüfen.',
    ),
  ),
  hardware(
    'hardware.igbtSensorFault',
    'major',
    text(
      'IGBT 温度传感器故障',
      'IGBT temperature sensor fault',
      'Porucha teplotního čidla IGBT',
      'IGBT-Temperatursensor defekt',
    ),
    text(
      'A、B 或 C 相 IGBT 模块的温度传感器读数无效（开路或短路）。',
      'The temperature sensor of the IGBT module of phase A, B or C reads invalid values (open or short circuit).',
      'Teplotní čidlo modulu IGBT fáze A, B nebo C vrací neplatné hodnoty (rozpojení nebo zkrat).',
      'Der Temperatursensor des IGBT-Moduls von Phase A, B oder C liefert ungültige Werte (Unterbrechung oder Kurzschluss).',
    ),
    text('重启逆变器。', 'Restart the inverter.', 'Restartujte měnič.', 'Den Wechselrichter neu starten.'),
  ),
  hardware(
    'hardware.igbtOvertemperature',
    'major',
    text('IGBT 温度过高', 'IGBT temperature too high', 'Příliš vysoká teplota IGBT', 'IGBT-Temperatur zu hoch'),
    text(
      'A、B 或 C 相 IGBT 模块温度过高，逆变器降额或停机。',
      'The IGBT module of phase A, B or C is too hot, so the inverter derates or stops.',
      'Modul IGBT fáze A, B nebo C je příliš horký, a proto měnič snižuje výkon nebo se zastaví.',
      'Das IGBT-Modul von Phase A, B oder C ist zu heiß, daher regelt der Wechselrichter ab oder schaltet ab.',
    ),
    COOLING,
  ),
  hardware(
    'hardware.internalTemperatureHigh',
    'minor',
    text('机内温度过高', 'Internal temperature high', 'Vysoká vnitřní teplota', 'Innentemperatur zu hoch'),
    text(
      '逆变器机内温度过高。',
      'The temperature inside the inverter is too high.',
      'Teplota uvnitř měniče je příliš vysoká.',
      'Die Temperatur im Wechselrichter ist zu hoch.',
    ),
    COOLING,
  ),
  hardware(
    'hardware.internalTemperatureLow',
    'minor',
    text('机内温度过低', 'Internal temperature low', 'Nízká vnitřní teplota', 'Innentemperatur zu niedrig'),
    text(
      '逆变器机内温度低于工作温度下限。',
      'The temperature inside the inverter is below the lowest operating temperature.',
      'Teplota uvnitř měniče je pod nejnižší provozní teplotou.',
      'Die Temperatur im Wechselrichter liegt unter der niedrigsten Betriebstemperatur.',
    ),
    text(
      '将逆变器安装在不低于其最低工作温度的环境中。',
      'Install the inverter where it stays above its lowest operating temperature.',
      'Umístěte měnič tam, kde teplota neklesne pod jeho nejnižší provozní teplotu.',
      'Den Wechselrichter an einem Ort installieren, an dem seine niedrigste Betriebstemperatur nicht unterschritten wird.',
    ),
  ),
  hardware(
    'hardware.modelMismatch',
    'major',
    text('机型不匹配', 'Model mismatch', 'Nesoulad modelu', 'Modell passt nicht'),
    text(
      '控制板识别的机型与功率板或固件不一致，常见于更换板件或升级了错误的固件之后。',
      'The model the control board detects does not match the power board or firmware, typically after a board replacement or an upgrade with the wrong firmware.',
      'Model rozpoznaný řídicí deskou neodpovídá výkonové desce nebo firmwaru, typicky po výměně desky nebo nahrání nesprávného firmwaru.',
      'Das von der Steuerplatine erkannte Modell passt nicht zur Leistungsplatine oder Firmware, typisch nach einem Platinentausch oder einem Update mit falscher Firmware.',
    ),
    text(
      '确认机型和固件版本一致，必要时升级与机型匹配的固件。',
      'Make sure model and firmware match and upgrade to the firmware for this model if needed.',
      'Ověřte, že model a firmware odpovídají, a v případě potřeby nahrajte firmware pro tento model.',
      'Sicherstellen, dass Modell und Firmware zusammenpassen, und bei Bedarf die Firmware für dieses Modell aufspielen.',
    ),
  ),
];
