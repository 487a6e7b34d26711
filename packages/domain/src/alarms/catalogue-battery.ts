import { alarm, text, type AlarmSeverity, type AlarmText } from './alarm-types.js';

const BMS_CHECK = text(
  '在 App 中查看电池电压、电流、温度和 SOC，检查电池与逆变器的电源线和 BMS 通信线，并确认电池类型设置正确。',
  'Look at battery voltage, current, temperature and SOC in the app, check the power and BMS cables between battery and inverter, and confirm the battery type setting.',
  'V aplikaci zkontrolujte napětí, proud, teplotu a SOC baterie, prověřte silové a komunikační (BMS) kabely mezi baterií a měničem a ověřte nastavený typ baterie.',
  'In der App Spannung, Strom, Temperatur und SOC der Batterie ansehen, Leistungs- und BMS-Kabel zwischen Batterie und Wechselrichter prüfen und den eingestellten Batterietyp bestätigen.',
);

function bms(code: string, severity: AlarmSeverity, name: AlarmText, cause: AlarmText, steps: AlarmText = BMS_CHECK) {
  return alarm(code, 'battery', severity, { name, cause, steps });
}

/** Battery alarms: the inverter's own battery-side checks, then those the battery's BMS reports. */
export const BATTERY_ALARMS = [
  alarm('battery.socLow', 'battery', 'warning', {
    name: text(
      '电池 SOC 低于下限',
      'Battery SOC below lower limit',
      'SOC baterie pod dolní mezí',
      'Batterie-SOC unter der Untergrenze',
    ),
    cause: text(
      '电池荷电状态已降至设定的放电下限，逆变器停止电池放电。',
      'The battery state of charge has reached the set discharge limit, so the inverter stops discharging the battery.',
      'Stav nabití baterie klesl na nastavenou mez vybíjení, a proto měnič přestal baterii vybíjet.',
      'Der Ladezustand der Batterie hat die eingestellte Entladegrenze erreicht, daher entlädt der Wechselrichter die Batterie nicht weiter.',
    ),
    steps: text(
      '这是保护性提示：电池通过光伏或电网充电后会自动解除。如需更多可用容量，可调整 SOC 下限。',
      'This is a protective notice: it clears once PV or the grid has recharged the battery. Adjust the SOC lower limit if more usable capacity is wanted.',
      'Jde o ochranné upozornění: zmizí, jakmile se baterie dobije z FV nebo ze sítě. Pokud chcete více využitelné kapacity, upravte dolní mez SOC.',
      'Dies ist ein Schutzhinweis: Er verschwindet, sobald PV oder Netz die Batterie nachgeladen haben. Für mehr nutzbare Kapazität die SOC-Untergrenze anpassen.',
    ),
  }),
  alarm('battery.overcurrent', 'battery', 'major', {
    name: text(
      '电池充放电过流',
      'Battery charge/discharge overcurrent',
      'Nadproud při nabíjení/vybíjení baterie',
      'Batterie-Lade-/Entladeüberstrom',
    ),
    cause: text(
      '电池充电或放电电流超出允许范围，可能因负载突增或电池限流参数设置不当。',
      'Battery charge or discharge current is out of range, from a sudden load step or wrong current limits for the battery.',
      'Nabíjecí nebo vybíjecí proud baterie je mimo povolený rozsah kvůli skokovému nárůstu zátěže nebo špatně nastaveným proudovým limitům.',
      'Lade- oder Entladestrom der Batterie liegt außerhalb des zulässigen Bereichs, durch einen Lastsprung oder falsch eingestellte Stromgrenzen.',
    ),
    steps: BMS_CHECK,
  }),
  alarm('battery.overvoltage', 'battery', 'major', {
    name: text('电池过压', 'Battery overvoltage', 'Přepětí baterie', 'Batterie-Überspannung'),
    cause: text(
      '电池电压超过充电截止电压。',
      'The battery voltage is above the charge cut-off voltage.',
      'Napětí baterie překračuje konečné nabíjecí napětí.',
      'Die Batteriespannung liegt über der Ladeschlussspannung.',
    ),
    steps: BMS_CHECK,
  }),
  alarm('battery.undervoltageEod', 'battery', 'minor', {
    name: text(
      '电池欠压（EOD）',
      'Battery undervoltage (EOD)',
      'Podpětí baterie (EOD)',
      'Batterie-Unterspannung (EOD)',
    ),
    cause: text(
      '电池电压降至放电终止电压（EOD），电池已放空。',
      'The battery voltage has fallen to the end-of-discharge voltage (EOD): the battery is empty.',
      'Napětí baterie kleslo na konečné vybíjecí napětí (EOD): baterie je vybitá.',
      'Die Batteriespannung ist auf die Entladeschlussspannung (EOD) gesunken: Die Batterie ist leer.',
    ),
    steps: text(
      '等待光伏或电网为电池充电；长期不用时避免电池深度放电。',
      'Let PV or the grid recharge the battery; avoid leaving the battery deeply discharged for long.',
      'Nechte baterii dobít z FV nebo ze sítě; nenechávejte ji dlouho hluboce vybitou.',
      'Die Batterie von PV oder Netz nachladen lassen; die Batterie nicht lange tiefentladen stehen lassen.',
    ),
  }),
  bms(
    'battery.bmsOvervoltage',
    'major',
    text('BMS：电池过压', 'BMS: battery overvoltage', 'BMS: přepětí baterie', 'BMS: Batterie-Überspannung'),
    text(
      '电池管理系统报告单体、模块或总电压过高。',
      'The battery management system reports a cell, module or pack voltage that is too high.',
      'Systém správy baterie hlásí příliš vysoké napětí článku, modulu nebo celé baterie.',
      'Das Batteriemanagementsystem meldet eine zu hohe Zell-, Modul- oder Gesamtspannung.',
    ),
  ),
  bms(
    'battery.bmsUndervoltage',
    'major',
    text('BMS：电池欠压', 'BMS: battery undervoltage', 'BMS: podpětí baterie', 'BMS: Batterie-Unterspannung'),
    text(
      '电池管理系统报告单体、模块或总电压过低，电池可能已深度放电。',
      'The battery management system reports a cell, module or pack voltage that is too low; the battery may be deeply discharged.',
      'Systém správy baterie hlásí příliš nízké napětí článku, modulu nebo celé baterie; baterie může být hluboce vybitá.',
      'Das Batteriemanagementsystem meldet eine zu niedrige Zell-, Modul- oder Gesamtspannung; die Batterie ist möglicherweise tiefentladen.',
    ),
  ),
  bms(
    'battery.bmsOvercurrent',
    'minor',
    text(
      'BMS：充放电过流',
      'BMS: charge/discharge overcurrent',
      'BMS: nadproud při nabíjení/vybíjení',
      'BMS: Lade-/Entladeüberstrom',
    ),
    text(
      '电池管理系统报告充电或放电电流超出其限值。',
      'The battery management system reports a charge or discharge current above its limit.',
      'Systém správy baterie hlásí nabíjecí nebo vybíjecí proud nad jeho limitem.',
      'Das Batteriemanagementsystem meldet einen Lade- oder Entladestrom über seinem Grenzwert.',
    ),
  ),
  bms(
    'battery.bmsHighTemperature',
    'major',
    text(
      'BMS：电池温度过高',
      'BMS: battery temperature high',
      'BMS: vysoká teplota baterie',
      'BMS: Batterietemperatur zu hoch',
    ),
    text(
      '电芯、功率器件或环境温度过高，常见于通风不良或阳光直射。',
      'Cell, power-stage or ambient temperature is too high, typically from poor ventilation or direct sunlight.',
      'Teplota článků, výkonových prvků nebo okolí je příliš vysoká, typicky kvůli špatnému větrání nebo přímému slunci.',
      'Zell-, Leistungsteil- oder Umgebungstemperatur ist zu hoch, typisch durch schlechte Belüftung oder direkte Sonne.',
    ),
  ),
  bms(
    'battery.bmsLowTemperature',
    'minor',
    text(
      'BMS：电池温度过低',
      'BMS: battery temperature low',
      'BMS: nízká teplota baterie',
      'BMS: Batterietemperatur zu niedrig',
    ),
    text(
      '电芯温度过低，电池限制或停止充放电，常见于冬季无保温的安装位置。',
      'Cell temperature is too low, so the battery limits or stops charging and discharging; typical in winter at unheated sites.',
      'Teplota článků je příliš nízká, takže baterie omezí nebo zastaví nabíjení a vybíjení; typicky v zimě na nevytápěných místech.',
      'Die Zelltemperatur ist zu niedrig, daher begrenzt oder stoppt die Batterie Laden und Entladen; typisch im Winter an unbeheizten Standorten.',
    ),
  ),
  bms(
    'battery.bmsImbalance',
    'minor',
    text('BMS：电芯不均衡', 'BMS: cell imbalance', 'BMS: nevyváženost článků', 'BMS: Zellungleichgewicht'),
    text(
      '电芯或模块之间的电压或温度差过大，或均衡功能异常。',
      'Voltage or temperature differences between cells or modules are too large, or balancing does not work.',
      'Rozdíly napětí nebo teploty mezi články či moduly jsou příliš velké, nebo nefunguje vyrovnávání.',
      'Spannungs- oder Temperaturunterschiede zwischen Zellen oder Modulen sind zu groß oder der Zellausgleich funktioniert nicht.',
    ),
  ),
  bms(
    'battery.bmsShortCircuit',
    'critical',
    text(
      'BMS：输出短路保护',
      'BMS: output short-circuit protection',
      'BMS: ochrana proti zkratu na výstupu',
      'BMS: Kurzschlussschutz am Ausgang',
    ),
    text(
      '电池管理系统检测到输出短路并已断开或锁定输出。',
      'The battery management system detected a short circuit on its output and opened or locked it.',
      'Systém správy baterie zjistil zkrat na výstupu a výstup odpojil nebo zablokoval.',
      'Das Batteriemanagementsystem hat einen Kurzschluss am Ausgang erkannt und den Ausgang getrennt oder gesperrt.',
    ),
    text(
      '断开电池开关，检查电池直流电缆和端子，排除短路后再重新上电。',
      'Open the battery switch, inspect the battery DC cables and terminals, and power up again only after the short circuit is removed.',
      'Rozpojte vypínač baterie, zkontrolujte stejnosměrné kabely a svorky baterie a znovu zapněte až po odstranění zkratu.',
      'Batterieschalter öffnen, DC-Kabel und Klemmen der Batterie prüfen und erst nach Beseitigung des Kurzschlusses wieder einschalten.',
    ),
  ),
  bms(
    'battery.bmsBreakerOpen',
    'major',
    text(
      'BMS：电池断路器断开',
      'BMS: battery breaker open',
      'BMS: jistič baterie rozpojen',
      'BMS: Batterieschalter offen',
    ),
    text(
      '电池的断路器或开关处于断开状态，电池无法充放电。',
      "The battery's breaker or switch is open, so the battery cannot charge or discharge.",
      'Jistič nebo vypínač baterie je rozpojený, takže baterii nelze nabíjet ani vybíjet.',
      'Leistungsschalter oder Trennschalter der Batterie ist offen, daher kann die Batterie weder laden noch entladen.',
    ),
    text(
      '确认无故障后合上电池断路器。',
      'Close the battery breaker once you have made sure nothing is faulty.',
      'Po ověření, že nic není vadné, jistič baterie zapněte.',
      'Den Batterieschalter schließen, nachdem sichergestellt ist, dass kein Fehler vorliegt.',
    ),
  ),
  bms(
    'battery.bmsInternalFault',
    'major',
    text(
      'BMS：电池内部故障',
      'BMS: battery internal fault',
      'BMS: vnitřní porucha baterie',
      'BMS: interner Batteriefehler',
    ),
    text(
      '电池内部硬件故障，例如传感器、继电器、MOS 管、预充电路、线束或电芯故障。',
      'An internal hardware fault of the battery, such as a sensor, relay, MOSFET, pre-charge circuit, harness or cell fault.',
      'Vnitřní hardwarová porucha baterie, například čidla, relé, tranzistoru MOSFET, přednabíjecího obvodu, kabeláže nebo článku.',
      'Ein interner Hardwarefehler der Batterie, etwa eines Sensors, Relais, MOSFETs, der Vorladeschaltung, des Kabelbaums oder einer Zelle.',
    ),
  ),
  bms(
    'battery.bmsWarning',
    'warning',
    text(
      'BMS：电池一般告警',
      'BMS: general battery warning',
      'BMS: obecné varování baterie',
      'BMS: allgemeine Batteriewarnung',
    ),
    text(
      '电池管理系统报告的其他告警，例如 SOC 告警、系统重启、序列号缺失或外部错误。',
      'Another warning reported by the battery management system, such as an SOC warning, a system restart, a missing serial number or an external error.',
      'Jiné varování hlášené systémem správy baterie, například varování SOC, restart systému, chybějící sériové číslo nebo externí chyba.',
      'Eine andere Warnung des Batteriemanagementsystems, etwa eine SOC-Warnung, ein Systemneustart, eine fehlende Seriennummer oder ein externer Fehler.',
    ),
  ),
];
