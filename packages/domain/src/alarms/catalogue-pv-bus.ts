import { alarm, text, type AlarmText } from './alarm-types.js';

type Input = 'PV1' | 'PV2';

function pvUndervoltage(input: Input) {
  return alarm(`pv.${input.toLowerCase()}Undervoltage`, 'pv', 'minor', {
    name: text(`${input} 欠压`, `${input} undervoltage`, `Podpětí ${input}`, `${input}-Unterspannung`),
    cause: text(
      `${input} 组串电压低于最低工作电压，常见于清晨、傍晚、阴雨或积雪遮挡，也可能是组串断线。`,
      `The ${input} string voltage is below the minimum operating voltage, typical at dawn, dusk, in heavy cloud or under snow, or from a broken string connection.`,
      `Napětí stringu ${input} je pod minimálním provozním napětím, typicky ráno, večer, při silné oblačnosti nebo pod sněhem, případně kvůli přerušenému stringu.`,
      `Die Spannung des Strings ${input} liegt unter der minimalen Betriebsspannung, typisch morgens, abends, bei starker Bewölkung oder Schnee, oder durch eine unterbrochene Stringverbindung.`,
    ),
    steps: text(
      `若在日照充足时仍出现，检查 ${input} 组串的连接器、保险丝和直流开关。`,
      `If it appears in full sunlight, check the ${input} string connectors, fuses and DC switch.`,
      `Pokud se objeví i za plného slunce, zkontrolujte konektory, pojistky a DC odpojovač stringu ${input}.`,
      `Tritt die Meldung bei voller Sonne auf, Steckverbinder, Sicherungen und DC-Schalter des Strings ${input} prüfen.`,
    ),
  });
}

function pvOvervoltage(input: Input) {
  return alarm(`pv.${input.toLowerCase()}Overvoltage`, 'pv', 'major', {
    name: text(`${input} 过压`, `${input} overvoltage`, `Přepětí ${input}`, `${input}-Überspannung`),
    cause: text(
      `${input} 组串开路电压超过逆变器最大直流输入电压，通常是串联组件过多或低温下电压升高。`,
      `The ${input} string voltage exceeds the inverter's maximum DC input voltage, usually from too many modules in series or the higher voltage in cold weather.`,
      `Napětí stringu ${input} překračuje maximální vstupní DC napětí měniče, obvykle kvůli příliš mnoha panelům v sérii nebo vyššímu napětí v mrazu.`,
      `Die Spannung des Strings ${input} übersteigt die maximale DC-Eingangsspannung des Wechselrichters, meist wegen zu vieler Module in Reihe oder der höheren Spannung bei Kälte.`,
    ),
    steps: text(
      `断开 ${input} 直流开关，测量组串开路电压，必要时减少串联组件数量。`,
      `Open the ${input} DC switch, measure the string's open-circuit voltage and reduce the number of modules in series if needed.`,
      `Rozpojte DC odpojovač ${input}, změřte napětí stringu naprázdno a v případě potřeby snižte počet panelů v sérii.`,
      `DC-Schalter von ${input} öffnen, die Leerlaufspannung des Strings messen und bei Bedarf die Zahl der Module in Reihe verringern.`,
    ),
    tail: 'checkFirst',
  });
}

function pvReversed(input: Input) {
  return alarm(`pv.${input.toLowerCase()}Reversed`, 'pv', 'critical', {
    name: text(`${input} 反接`, `${input} reversed polarity`, `Přepólování ${input}`, `${input}-Verpolung`),
    cause: text(
      `${input} 组串的正负极接反。`,
      `The positive and negative leads of the ${input} string are swapped.`,
      `Kladný a záporný vodič stringu ${input} jsou prohozeny.`,
      `Plus- und Minusleitung des Strings ${input} sind vertauscht.`,
    ),
    steps: text(
      `立即断开 ${input} 直流开关（在无光照或电流为零时操作），由专业人员纠正极性。`,
      `Open the ${input} DC switch (in darkness or at zero current) and have a qualified installer correct the polarity.`,
      `Rozpojte DC odpojovač ${input} (za tmy nebo při nulovém proudu) a nechte polaritu opravit odborníkem.`,
      `DC-Schalter von ${input} öffnen (bei Dunkelheit oder ohne Strom) und die Polarität von einer Fachkraft korrigieren lassen.`,
    ),
    tail: 'checkFirst',
  });
}

const INTERNAL: AlarmText = text(
  '检查直流输入与电池连接是否牢固，之后重启。',
  'Check that the DC input and battery connections are tight, then restart.',
  'Zkontrolujte pevnost připojení DC vstupů a baterie a poté měnič restartujte.',
  'Festen Sitz der DC-Eingangs- und Batterieanschlüsse prüfen und danach neu starten.',
);

/** PV input alarms. */
export const PV_ALARMS = [
  pvUndervoltage('PV1'),
  pvOvervoltage('PV1'),
  pvReversed('PV1'),
  pvUndervoltage('PV2'),
  pvOvervoltage('PV2'),
  pvReversed('PV2'),
  alarm('pv.busStartFailure', 'pv', 'major', {
    name: text(
      'PV 母线启动失败',
      'PV bus start-up failure',
      'Selhání startu sběrnice FV',
      'Anlauf des PV-Zwischenkreises fehlgeschlagen',
    ),
    cause: text(
      'PV 侧母线软启动（硬件或软件）未能在规定时间内完成。',
      'The soft start of the PV-side bus (hardware or software) did not complete in time.',
      'Měkký start sběrnice na straně FV (hardwarový nebo softwarový) se nedokončil včas.',
      'Der Sanftanlauf des PV-seitigen Zwischenkreises (Hardware oder Software) wurde nicht rechtzeitig abgeschlossen.',
    ),
    steps: INTERNAL,
  }),
  alarm('pv.weakSource', 'pv', 'warning', {
    name: text('光伏带载能力弱', 'PV weak load capacity', 'Slabý výkon FV pro zátěž', 'Geringe PV-Lastfähigkeit'),
    cause: text(
      '光伏输入功率不足以带动当前负载，常见于弱光或离网运行时。',
      'PV input power is too weak to carry the present load, typical in low light or in off-grid operation.',
      'Výkon FV nestačí na aktuální zátěž, typicky při slabém osvitu nebo v ostrovním provozu.',
      'Die PV-Leistung reicht für die aktuelle Last nicht aus, typisch bei schwachem Licht oder im Inselbetrieb.',
    ),
    steps: text(
      '减少负载或等待光照增强。',
      'Reduce the load or wait for stronger sunlight.',
      'Snižte zátěž nebo vyčkejte na silnější osvit.',
      'Last verringern oder stärkere Sonneneinstrahlung abwarten.',
    ),
  }),
];

function bus(code: string, name: AlarmText, cause: AlarmText) {
  return alarm(code, 'bus', 'major', { name, cause, steps: INTERNAL });
}

/** DC bus alarms: the inverter's internal DC link between PV, battery and the AC stage. */
export const BUS_ALARMS = [
  bus(
    'bus.batteryStartFailure',
    text(
      '电池侧母线启动失败',
      'Battery-side bus start-up failure',
      'Selhání startu sběrnice na straně baterie',
      'Anlauf des batterieseitigen Zwischenkreises fehlgeschlagen',
    ),
    text(
      '电池侧母线软启动（硬件或软件）未能完成，可能因电池电压异常或电池开关未合上。',
      'The soft start of the battery-side bus (hardware or software) failed, for example because the battery voltage is abnormal or the battery switch is open.',
      'Měkký start sběrnice na straně baterie (hardwarový nebo softwarový) selhal, např. kvůli abnormálnímu napětí baterie nebo rozpojenému vypínači baterie.',
      'Der Sanftanlauf des batterieseitigen Zwischenkreises (Hardware oder Software) schlug fehl, etwa wegen anormaler Batteriespannung oder eines offenen Batterieschalters.',
    ),
  ),
  bus(
    'bus.secondaryStartFailure',
    text(
      '二级母线启动失败',
      'Secondary bus start-up failure',
      'Selhání startu sekundární sběrnice',
      'Anlauf des sekundären Zwischenkreises fehlgeschlagen',
    ),
    text(
      '二级母线软启动（硬件或软件）未能在规定时间内完成。',
      'The soft start of the secondary bus (hardware or software) did not complete in time.',
      'Měkký start sekundární sběrnice (hardwarový nebo softwarový) se nedokončil včas.',
      'Der Sanftanlauf des sekundären Zwischenkreises (Hardware oder Software) wurde nicht rechtzeitig abgeschlossen.',
    ),
  ),
  bus(
    'bus.primaryUndervoltage',
    text(
      '一级母线欠压',
      'Level 1 bus undervoltage',
      'Podpětí sběrnice 1. úrovně',
      'Unterspannung Zwischenkreis Stufe 1',
    ),
    text(
      '一级直流母线电压低于下限，可能因输入功率突降或负载突增。',
      'The level 1 DC bus voltage is below its lower limit, after a sudden drop of input power or a sudden load step.',
      'Napětí stejnosměrné sběrnice 1. úrovně kleslo pod dolní mez po náhlém poklesu vstupního výkonu nebo skokovém nárůstu zátěže.',
      'Die Spannung des DC-Zwischenkreises der Stufe 1 liegt unter ihrer Untergrenze, nach einem plötzlichen Einbruch der Eingangsleistung oder einem Lastsprung.',
    ),
  ),
  bus(
    'bus.primaryOvervoltage',
    text('一级母线过压', 'Level 1 bus overvoltage', 'Přepětí sběrnice 1. úrovně', 'Überspannung Zwischenkreis Stufe 1'),
    text(
      '一级直流母线电压超过上限，可能因 PV 电压过高或负载突然断开。',
      'The level 1 DC bus voltage is above its upper limit, from a high PV voltage or a load suddenly disconnected.',
      'Napětí stejnosměrné sběrnice 1. úrovně překročilo horní mez kvůli vysokému napětí FV nebo náhlému odpojení zátěže.',
      'Die Spannung des DC-Zwischenkreises der Stufe 1 liegt über ihrer Obergrenze, durch hohe PV-Spannung oder plötzlichen Lastabwurf.',
    ),
  ),
  bus(
    'bus.secondaryUndervoltage',
    text(
      '二级母线过低',
      'Secondary bus undervoltage',
      'Podpětí sekundární sběrnice',
      'Unterspannung sekundärer Zwischenkreis',
    ),
    text(
      '二级母线电压低于下限。',
      'The secondary bus voltage is below its lower limit.',
      'Napětí sekundární sběrnice je pod dolní mezí.',
      'Die Spannung des sekundären Zwischenkreises liegt unter ihrer Untergrenze.',
    ),
  ),
  bus(
    'bus.secondaryOvervoltage',
    text(
      '二级母线过高',
      'Secondary bus overvoltage',
      'Přepětí sekundární sběrnice',
      'Überspannung sekundärer Zwischenkreis',
    ),
    text(
      '二级母线电压高于上限。',
      'The secondary bus voltage is above its upper limit.',
      'Napětí sekundární sběrnice je nad horní mezí.',
      'Die Spannung des sekundären Zwischenkreises liegt über ihrer Obergrenze.',
    ),
  ),
  bus(
    'bus.imbalance',
    text(
      '直流母线电压不平衡',
      'DC bus imbalance',
      'Nevyváženost stejnosměrné sběrnice',
      'Unsymmetrie des DC-Zwischenkreises',
    ),
    text(
      '正负半母线电压相差过大，常见于三相负载严重不平衡。',
      'The positive and negative half-bus voltages differ too much, typical under a strongly unbalanced three-phase load.',
      'Napětí kladné a záporné poloviny sběrnice se příliš liší, typicky při silně nesymetrické třífázové zátěži.',
      'Die Spannungen der positiven und negativen Zwischenkreishälfte weichen zu stark voneinander ab, typisch bei stark unsymmetrischer Drehstromlast.',
    ),
  ),
];
