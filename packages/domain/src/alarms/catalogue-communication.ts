import { alarm, text } from './alarm-types.js';

/** Communication alarms: links between inverter, battery, meter, parallel units and the app. */
export const COMMUNICATION_ALARMS = [
  alarm('communication.noData', 'communication', 'major', {
    name: text('设备无数据', 'No data from the device', 'Zařízení neposílá data', 'Keine Daten vom Gerät'),
    cause: text(
      '设备在离线判定时间内没有上报任何数据：断电、网络或采集器故障，或设备已停机。数据恢复后告警自动恢复。',
      'The device has sent no data for longer than the offline time: it lost power, its network or collector is down, or it has stopped. The alarm recovers by itself when data return.',
      'Zařízení neposlalo žádná data déle, než je doba pro stav offline: ztratilo napájení, nefunguje jeho síť nebo kolektor, nebo se zastavilo. Alarm sám odezní, jakmile data znovu dorazí.',
      'Das Gerät hat länger als die Offline-Zeit keine Daten gesendet: Es ist ohne Strom, sein Netzwerk oder Datenlogger ist gestört oder es steht still. Der Alarm endet von selbst, sobald wieder Daten eintreffen.',
    ),
    steps: text(
      '检查设备是否通电、采集器或 Wi-Fi 指示灯是否正常、路由器是否联网。',
      'Check that the device has power, that the collector or Wi-Fi indicator is normal and that the router is online.',
      'Zkontrolujte, zda má zařízení napájení, zda kontrolka kolektoru nebo Wi-Fi svítí normálně a zda je router připojen k internetu.',
      'Prüfen, ob das Gerät Strom hat, die Anzeige des Datenloggers oder WLANs normal ist und der Router online ist.',
    ),
  }),
  alarm('communication.bmsLost', 'communication', 'major', {
    name: text(
      '无法读取电池信息',
      'Battery information unavailable',
      'Informace o baterii nejsou dostupné',
      'Batterieinformationen nicht verfügbar',
    ),
    cause: text(
      '逆变器与电池管理系统（BMS）之间无通信，App 无法读取电池信息。',
      'There is no communication between the inverter and the battery management system (BMS), so the app cannot read the battery information.',
      'Mezi měničem a systémem správy baterie (BMS) neprobíhá komunikace, takže aplikace nemůže načíst informace o baterii.',
      'Zwischen Wechselrichter und Batteriemanagementsystem (BMS) besteht keine Kommunikation, daher kann die App die Batterieinformationen nicht lesen.',
    ),
    steps: text(
      '检查 BMS 通信线是否插好、线序是否正确，并确认逆变器中设置的电池协议（电池类型）与电池一致。',
      'Check that the BMS cable is plugged in with the right pin-out, and that the battery protocol (battery type) set in the inverter matches the battery.',
      'Zkontrolujte, zda je komunikační kabel BMS zapojen a má správné zapojení vodičů, a zda protokol baterie (typ baterie) nastavený v měniči odpovídá baterii.',
      'Prüfen, ob das BMS-Kabel steckt und richtig belegt ist und ob das im Wechselrichter eingestellte Batterieprotokoll (Batterietyp) zur Batterie passt.',
    ),
  }),
  alarm('communication.batteryInternal', 'communication', 'major', {
    name: text(
      '电池内部通信故障',
      'Battery internal communication fault',
      'Porucha vnitřní komunikace baterie',
      'Interner Kommunikationsfehler der Batterie',
    ),
    cause: text(
      '电池内部主控与从控模块之间通信中断，例如模块间通信线松动。',
      'Communication inside the battery between the master and its slave modules is lost, for example a loose link cable between modules.',
      'Přerušila se komunikace uvnitř baterie mezi řídicí jednotkou a podřízenými moduly, například kvůli uvolněnému propojovacímu kabelu.',
      'Die Kommunikation innerhalb der Batterie zwischen Master und Slave-Modulen ist unterbrochen, etwa durch ein lockeres Verbindungskabel.',
    ),
    steps: text(
      '检查电池模块之间的通信线和拨码地址设置。',
      'Check the link cables between battery modules and their address (DIP switch) settings.',
      'Zkontrolujte propojovací kabely mezi moduly baterie a nastavení adres (přepínače DIP).',
      'Verbindungskabel zwischen den Batteriemodulen und deren Adresseinstellung (DIP-Schalter) prüfen.',
    ),
  }),
  alarm('communication.wifiUnreachable', 'communication', 'minor', {
    name: text(
      '手机无法连接逆变器 WiFi',
      'Phone cannot connect to the inverter Wi-Fi',
      'Telefon se nemůže připojit k Wi-Fi měniče',
      'Telefon kann sich nicht mit dem WLAN des Wechselrichters verbinden',
    ),
    cause: text(
      'WiFi 密码错误、WiFi 模块未就绪，或天线松动导致信号弱。',
      'A wrong Wi-Fi password, a Wi-Fi module that is not ready, or a loose antenna giving a weak signal.',
      'Nesprávné heslo Wi-Fi, nepřipravený modul Wi-Fi nebo uvolněná anténa se slabým signálem.',
      'Falsches WLAN-Passwort, ein nicht bereites WLAN-Modul oder eine lockere Antenne mit schwachem Signal.',
    ),
    steps: text(
      '核对 WiFi 密码，重启逆变器，并检查天线是否拧紧。',
      'Check the Wi-Fi password, restart the inverter and check that the antenna is screwed on tightly.',
      'Ověřte heslo Wi-Fi, restartujte měnič a zkontrolujte, zda je anténa pevně přišroubovaná.',
      'WLAN-Passwort prüfen, den Wechselrichter neu starten und prüfen, ob die Antenne fest angeschraubt ist.',
    ),
  }),
  alarm('communication.meter', 'communication', 'minor', {
    name: text('电表告警', 'Meter warning', 'Varování elektroměru', 'Zählerwarnung'),
    cause: text(
      '逆变器读不到电表数据，或电表接线方向错误，防逆流和负载计量失准。',
      'The inverter cannot read the meter or the meter is wired the wrong way round, so export limiting and load metering are wrong.',
      'Měnič nemůže číst elektroměr nebo je elektroměr zapojen obráceně, takže omezení přetoků a měření spotřeby nefungují správně.',
      'Der Wechselrichter kann den Zähler nicht lesen oder der Zähler ist verkehrt herum angeschlossen, daher stimmen Einspeisebegrenzung und Lastmessung nicht.',
    ),
    steps: text(
      '检查电表通信线、电表地址以及电流互感器的方向。',
      'Check the meter cable, the meter address and the direction of the current transformers.',
      'Zkontrolujte komunikační kabel elektroměru, jeho adresu a orientaci proudových transformátorů.',
      'Zählerkabel, Zähleradresse und die Richtung der Stromwandler prüfen.',
    ),
  }),
  alarm('communication.parallel', 'communication', 'major', {
    name: text('并机通信故障', 'Parallel system fault', 'Porucha paralelního zapojení', 'Fehler im Parallelbetrieb'),
    cause: text(
      '并机通信线故障、并机地址超出范围或出现多台主机冲突。',
      'A fault of the parallel link cable, a parallel address out of range, or more than one unit acting as master.',
      'Porucha propojovacího kabelu paralelního zapojení, adresa mimo rozsah nebo více jednotek v roli řídicí jednotky.',
      'Ein Fehler des Parallelkabels, eine Paralleladresse außerhalb des Bereichs oder mehr als ein Gerät als Master.',
    ),
    steps: text(
      '检查并机通信线，确保每台机器地址唯一且只有一台主机。',
      'Check the parallel link cables and make sure every unit has its own address and only one is master.',
      'Zkontrolujte propojovací kabely a zajistěte, aby každá jednotka měla vlastní adresu a jen jedna byla řídicí.',
      'Parallelkabel prüfen und sicherstellen, dass jedes Gerät eine eigene Adresse hat und nur eines Master ist.',
    ),
  }),
];
