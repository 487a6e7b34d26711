import { alarm, text } from './alarm-types.js';

const GRID_CHECK = text(
  '检查电网电压和频率是否在当地并网标准范围内，以及并网开关和电缆连接是否良好。',
  'Check that grid voltage and frequency are within the local grid code and that the grid breaker and cable connections are sound.',
  'Zkontrolujte, zda napětí a frekvence sítě odpovídají místním pravidlům připojení a zda jsou síťový jistič a kabelové spoje v pořádku.',
  'Prüfen, ob Netzspannung und -frequenz innerhalb der örtlichen Netzanschlussregeln liegen und ob Netzschalter und Kabelverbindungen in Ordnung sind.',
);

/** Grid alarms: the inverter disconnects from the grid until it is back within limits. */
export const GRID_ALARMS = [
  alarm('grid.phaseLockFailure', 'grid', 'major', {
    name: text(
      '电网锁相失败',
      'Grid phase-lock failure',
      'Selhání fázového závěsu sítě',
      'Netz-Phasensynchronisation fehlgeschlagen',
    ),
    cause: text(
      '逆变器无法与电网电压同步，通常由电网波形畸变、电压骤变或电网连接不良引起。',
      'The inverter cannot synchronise with the grid voltage, usually because of a distorted grid waveform, sudden voltage changes or a poor grid connection.',
      'Měnič se nedokáže synchronizovat s napětím sítě, obvykle kvůli zkreslenému průběhu napětí, náhlým změnám napětí nebo špatnému připojení k síti.',
      'Der Wechselrichter kann sich nicht auf die Netzspannung synchronisieren, meist wegen einer verzerrten Netzspannung, plötzlicher Spannungssprünge oder eines schlechten Netzanschlusses.',
    ),
    steps: GRID_CHECK,
  }),
  alarm('grid.abnormal', 'grid', 'major', {
    name: text(
      '电网频率或电压异常',
      'Grid frequency or voltage abnormal',
      'Abnormální frekvence nebo napětí sítě',
      'Netzfrequenz oder Netzspannung anormal',
    ),
    cause: text(
      '电网频率或电压超出允许范围，或电网已断开。',
      'Grid frequency or voltage is outside the permitted range, or the grid is lost.',
      'Frekvence nebo napětí sítě je mimo povolený rozsah, nebo síť vypadla.',
      'Netzfrequenz oder Netzspannung liegt außerhalb des zulässigen Bereichs oder das Netz ist ausgefallen.',
    ),
    steps: GRID_CHECK,
  }),
  alarm('grid.frequencyLow', 'grid', 'major', {
    name: text('电网频率过低', 'Grid frequency low', 'Nízká frekvence sítě', 'Netzfrequenz zu niedrig'),
    cause: text(
      '电网频率低于并网标准的下限。',
      'Grid frequency is below the lower limit of the grid code.',
      'Frekvence sítě je pod dolní mezí pravidel připojení.',
      'Die Netzfrequenz liegt unter der unteren Grenze der Netzanschlussregeln.',
    ),
    steps: GRID_CHECK,
  }),
  alarm('grid.frequencyHigh', 'grid', 'major', {
    name: text('电网频率过高', 'Grid frequency high', 'Vysoká frekvence sítě', 'Netzfrequenz zu hoch'),
    cause: text(
      '电网频率高于并网标准的上限。',
      'Grid frequency is above the upper limit of the grid code.',
      'Frekvence sítě je nad horní mezí pravidel připojení.',
      'Die Netzfrequenz liegt über der oberen Grenze der Netzanschlussregeln.',
    ),
    steps: GRID_CHECK,
  }),
  alarm('grid.voltageLow', 'grid', 'major', {
    name: text('电网电压过低', 'Grid voltage low', 'Nízké napětí sítě', 'Netzspannung zu niedrig'),
    cause: text(
      '电网电压低于并网标准的下限，常见于电网负荷高峰或电缆过长过细。',
      'Grid voltage is below the lower limit of the grid code, often at times of heavy grid load or with long, thin cables.',
      'Napětí sítě je pod dolní mezí pravidel připojení, často při velkém zatížení sítě nebo u dlouhých a tenkých kabelů.',
      'Die Netzspannung liegt unter der unteren Grenze der Netzanschlussregeln, oft bei hoher Netzlast oder langen, zu dünnen Leitungen.',
    ),
    steps: GRID_CHECK,
  }),
  alarm('grid.voltageHigh', 'grid', 'major', {
    name: text('电网电压过高', 'Grid voltage high', 'Vysoké napětí sítě', 'Netzspannung zu hoch'),
    cause: text(
      '电网电压高于并网标准的上限，常见于光伏发电量大而本地用电少时。',
      'Grid voltage is above the upper limit of the grid code, often when much PV feeds in and little is consumed locally.',
      'Napětí sítě je nad horní mezí pravidel připojení, často při vysoké výrobě z FV a nízké místní spotřebě.',
      'Die Netzspannung liegt über der oberen Grenze der Netzanschlussregeln, oft bei hoher PV-Einspeisung und geringem Verbrauch vor Ort.',
    ),
    steps: GRID_CHECK,
  }),
  alarm('grid.phaseSequence', 'grid', 'major', {
    name: text(
      '电网相序异常',
      'Grid phase sequence abnormal',
      'Nesprávný sled fází sítě',
      'Netz-Phasenfolge fehlerhaft',
    ),
    cause: text(
      '三相电网的相序与逆变器要求不符，通常是 L1/L2/L3 接线顺序错误。',
      'The phase sequence of the three-phase grid does not match what the inverter expects, usually because L1/L2/L3 are wired in the wrong order.',
      'Sled fází třífázové sítě neodpovídá požadavku měniče, obvykle kvůli prohozenému zapojení L1/L2/L3.',
      'Die Phasenfolge des Drehstromnetzes entspricht nicht der Erwartung des Wechselrichters, meist weil L1/L2/L3 vertauscht angeschlossen sind.',
    ),
    steps: text(
      '断电后由电工检查并纠正 L1/L2/L3 的接线顺序。',
      'With the system de-energised, have an electrician check and correct the order of L1/L2/L3.',
      'Ve stavu bez napětí nechte elektrikáře zkontrolovat a opravit pořadí L1/L2/L3.',
      'Im spannungsfreien Zustand die Reihenfolge von L1/L2/L3 durch eine Elektrofachkraft prüfen und korrigieren lassen.',
    ),
    tail: 'checkFirst',
  }),
  alarm('grid.switchover', 'grid', 'minor', {
    name: text(
      '并离网切换异常',
      'On-grid/off-grid switching warning',
      'Varování při přepínání síť/ostrov',
      'Warnung Netz-/Inselumschaltung',
    ),
    cause: text(
      '逆变器在并网与离网运行之间切换未能正常完成。',
      'The inverter did not complete a switch between on-grid and off-grid operation normally.',
      'Měnič nedokončil správně přepnutí mezi provozem se sítí a ostrovním provozem.',
      'Der Wechselrichter hat eine Umschaltung zwischen Netz- und Inselbetrieb nicht ordnungsgemäß abgeschlossen.',
    ),
    steps: GRID_CHECK,
  }),
];

/** AC-side alarms of the inverter output. */
export const AC_ALARMS = [
  alarm('ac.shortCircuit', 'ac', 'critical', {
    name: text('交流输出短路', 'AC output short circuit', 'Zkrat na výstupu AC', 'Kurzschluss am AC-Ausgang'),
    cause: text(
      '交流输出端（负载或备用端）出现短路，可能是负载故障或接线损坏。',
      'There is a short circuit on the AC output (load or backup side), from a faulty load or damaged wiring.',
      'Na výstupu AC (zátěž nebo záložní výstup) je zkrat způsobený vadným spotřebičem nebo poškozenou kabeláží.',
      'Am AC-Ausgang (Last- oder Backup-Seite) liegt ein Kurzschluss vor, verursacht durch einen defekten Verbraucher oder beschädigte Verkabelung.',
    ),
    steps: text(
      '断开所有负载，检查输出电缆和负载，排除短路后再逐个接回负载。',
      'Disconnect all loads, inspect the output cables and loads, remove the short circuit and reconnect the loads one at a time.',
      'Odpojte všechny spotřebiče, zkontrolujte výstupní kabely a spotřebiče, odstraňte zkrat a spotřebiče připojujte postupně.',
      'Alle Verbraucher trennen, Ausgangsleitungen und Verbraucher prüfen, den Kurzschluss beseitigen und die Verbraucher einzeln wieder zuschalten.',
    ),
    tail: 'checkFirst',
  }),
  alarm('ac.leakageCurrent', 'ac', 'critical', {
    name: text('输出漏电流故障', 'Output leakage current', 'Svodový proud na výstupu', 'Fehlerstrom am Ausgang'),
    cause: text(
      '检测到对地漏电流过大，可能是电缆绝缘受损、受潮或负载漏电。',
      'Leakage current to earth is too high, from damaged or damp cable insulation or a leaking load.',
      'Svodový proud do země je příliš vysoký kvůli poškozené nebo vlhké izolaci kabelů nebo vadnému spotřebiči.',
      'Der Ableitstrom gegen Erde ist zu hoch, verursacht durch beschädigte oder feuchte Kabelisolierung oder einen fehlerhaften Verbraucher.',
    ),
    steps: text(
      '检查交流及光伏电缆绝缘、接地和接线盒是否受潮，断开可疑负载。',
      'Check the insulation of AC and PV cables, the earthing and junction boxes for moisture, and disconnect suspect loads.',
      'Zkontrolujte izolaci kabelů AC a FV, uzemnění a vlhkost v rozvodných krabicích a odpojte podezřelé spotřebiče.',
      'Isolierung der AC- und PV-Leitungen, die Erdung und Anschlussdosen auf Feuchtigkeit prüfen und verdächtige Verbraucher trennen.',
    ),
    tail: 'checkFirst',
  }),
  alarm('ac.overload', 'ac', 'major', {
    name: text('交流过载', 'AC overload', 'Přetížení AC', 'AC-Überlast'),
    cause: text(
      '备用（离网）输出所接负载功率超过逆变器额定能力，或感性负载启动电流过大。',
      'The load on the backup (off-grid) output exceeds the inverter rating, or an inductive load draws a high starting current.',
      'Zátěž na záložním (ostrovním) výstupu překračuje jmenovitý výkon měniče, nebo induktivní spotřebič odebírá velký rozběhový proud.',
      'Die Last am Backup-(Insel-)Ausgang übersteigt die Nennleistung des Wechselrichters oder eine induktive Last zieht einen hohen Anlaufstrom.',
    ),
    steps: text(
      '减少备用端负载。10K 机型：阻性负载最多 10 kW（每相 3.3 kW）；感性负载（电机、水泵、压缩机）最多 3 kW，另一种说法为共 3.3 kW、每相 1.1 kW。过载消除后，逆变器在 10 分钟内自动恢复。',
      'Reduce the backup load. 10K model: resistive load at most 10 kW (3.3 kW per phase); inductive load (motors, pumps, compressors) at most 3 kW, or by the other rating 3.3 kW in total with 1.1 kW per phase. The inverter recovers by itself within 10 minutes after the overload clears.',
      'Snižte zátěž záložního výstupu. Model 10K: odporová zátěž nejvýše 10 kW (3,3 kW na fázi); induktivní zátěž (motory, čerpadla, kompresory) nejvýše 3 kW, podle jiného údaje celkem 3,3 kW a 1,1 kW na fázi. Po odeznění přetížení se měnič sám obnoví do 10 minut.',
      'Die Backup-Last verringern. Modell 10K: ohmsche Last höchstens 10 kW (3,3 kW pro Phase); induktive Last (Motoren, Pumpen, Kompressoren) höchstens 3 kW, nach anderer Angabe insgesamt 3,3 kW mit 1,1 kW pro Phase. Nach Ende der Überlast nimmt der Wechselrichter den Betrieb innerhalb von 10 Minuten selbst wieder auf.',
    ),
  }),
  alarm('ac.softStartFailure', 'ac', 'major', {
    name: text(
      '逆变软启动失败',
      'Inverter soft-start failure',
      'Selhání měkkého startu střídače',
      'Sanftanlauf des Wechselrichters fehlgeschlagen',
    ),
    cause: text(
      '逆变器启动时交流输出电压未能按时建立，可能因启动时负载过大或内部故障。',
      'The AC output voltage did not build up in time at start-up, because of too much load at start or an internal fault.',
      'Při startu se výstupní napětí AC nevytvořilo včas, kvůli příliš velké zátěži při startu nebo vnitřní poruše.',
      'Beim Anlauf wurde die AC-Ausgangsspannung nicht rechtzeitig aufgebaut, wegen zu hoher Last beim Start oder eines internen Fehlers.',
    ),
    steps: text(
      '启动前断开大功率负载后再重试。',
      'Disconnect large loads before trying to start again.',
      'Před dalším pokusem o start odpojte výkonné spotřebiče.',
      'Vor einem erneuten Start große Verbraucher trennen.',
    ),
  }),
];
