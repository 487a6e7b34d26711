import type { Lang } from './languages.js';

/** Messages of plant scripts (spread into MESSAGES; every entry in zh, en, cs and de). */
export const SCRIPT_MESSAGES = {
  // plant scripts (issue point 5c)
  'script.empty': {
    zh: '脚本不能为空',
    en: 'The script is empty',
    cs: 'Skript je prázdný',
    de: 'Das Skript ist leer',
  },
  'script.tooLong': {
    zh: '脚本不能超过 {max} 个字符',
    en: 'The script is longer than {max} characters',
    cs: 'Skript je delší než {max} znaků',
    de: 'Das Skript ist länger als {max} Zeichen',
  },
  'script.compileError': {
    zh: '脚本无法编译（第 {line} 行）：{message}',
    en: 'The script does not compile (line {line}): {message}',
    cs: 'Skript nelze zkompilovat (řádek {line}): {message}',
    de: 'Das Skript lässt sich nicht kompilieren (Zeile {line}): {message}',
  },
  'script.runErrorAtLine': {
    zh: '{day}，第 {line} 行：{message}',
    en: '{day}, line {line}: {message}',
    cs: '{day}, řádek {line}: {message}',
    de: '{day}, Zeile {line}: {message}',
  },
  'script.noDerive': {
    zh: '脚本必须定义函数 derive(buckets)',
    en: 'The script must define a function derive(buckets)',
    cs: 'Skript musí definovat funkci derive(buckets)',
    de: 'Das Skript muss eine Funktion derive(buckets) definieren',
  },
  'script.timeLimit': {
    zh: '脚本运行超过 {seconds} 秒，已被终止',
    en: 'The script ran longer than {seconds} s and was stopped',
    cs: 'Skript běžel déle než {seconds} s a byl zastaven',
    de: 'Das Skript lief länger als {seconds} s und wurde beendet',
  },
  'script.memoryLimit': {
    zh: '脚本使用的内存超过 {mb} MB，已被终止',
    en: 'The script used more than {mb} MB of memory and was stopped',
    cs: 'Skript použil více než {mb} MB paměti a byl zastaven',
    de: 'Das Skript hat mehr als {mb} MB Speicher belegt und wurde beendet',
  },
  'script.crashed': {
    zh: '脚本沙箱意外停止，请检查脚本后重试',
    en: 'The script sandbox stopped unexpectedly; check the script and try again',
    cs: 'Izolované prostředí skriptu se neočekávaně zastavilo; zkontrolujte skript a zkuste to znovu',
    de: 'Die Skript-Sandbox wurde unerwartet beendet; prüfen Sie das Skript und versuchen Sie es erneut',
  },
  'script.resultNotList': {
    zh: 'derive 必须返回列表，每个时段一项（共 {expected} 项）',
    en: 'derive must return a list with one entry per bucket ({expected} entries)',
    cs: 'derive musí vrátit seznam s jednou položkou na interval ({expected} položek)',
    de: 'derive muss eine Liste mit einem Eintrag je Intervall zurückgeben ({expected} Einträge)',
  },
  'script.resultLength': {
    zh: 'derive 返回了 {actual} 项，应为 {expected} 项（每个时段一项）',
    en: 'derive returned {actual} entries instead of {expected} (one per bucket)',
    cs: 'derive vrátila {actual} položek místo {expected} (jedna na interval)',
    de: 'derive hat {actual} Einträge statt {expected} zurückgegeben (einer je Intervall)',
  },
  'script.resultEntry': {
    zh: '结果第 {index} 项不是字典',
    en: 'Entry {index} of the result is not a dict',
    cs: 'Položka {index} výsledku není slovník (dict)',
    de: 'Eintrag {index} des Ergebnisses ist kein Dict',
  },
  'script.resultNumber': {
    zh: '结果第 {index} 项：{field} 必须是有限数值',
    en: 'Entry {index} of the result: {field} must be a finite number',
    cs: 'Položka {index} výsledku: {field} musí být konečné číslo',
    de: 'Eintrag {index} des Ergebnisses: {field} muss eine endliche Zahl sein',
  },
  'script.resultBounds': {
    zh: '结果第 {index} 项：{field} 必须在 0 到 {max} 之间',
    en: 'Entry {index} of the result: {field} must be between 0 and {max}',
    cs: 'Položka {index} výsledku: {field} musí být mezi 0 a {max}',
    de: 'Eintrag {index} des Ergebnisses: {field} muss zwischen 0 und {max} liegen',
  },
  'script.resultEarnings': {
    zh: '结果第 {index} 项：earnings 必须是绝对值不超过 {max} 的有限数值',
    en: 'Entry {index} of the result: earnings must be a finite number of at most {max} in absolute value',
    cs: 'Položka {index} výsledku: earnings musí být konečné číslo s absolutní hodnotou nejvýše {max}',
    de: 'Eintrag {index} des Ergebnisses: earnings muss eine endliche Zahl mit einem Betrag von höchstens {max} sein',
  },
  'script.indicatorsInvalid': {
    zh: 'indicators 必须返回字典 {名称: 数值} 或 {名称: {"value", "unit"}}',
    en: 'indicators must return a dict {name: value} or {name: {"value", "unit"}}',
    cs: 'indicators musí vrátit slovník {název: hodnota} nebo {název: {"value", "unit"}}',
    de: 'indicators muss ein Dict {Name: Wert} oder {Name: {"value", "unit"}} zurückgeben',
  },
  'script.indicatorsTooMany': {
    zh: 'indicators 最多返回 {max} 个指标',
    en: 'indicators may return at most {max} indicators',
    cs: 'indicators smí vrátit nejvýše {max} ukazatelů',
    de: 'indicators darf höchstens {max} Kennzahlen zurückgeben',
  },
  'script.indicatorName': {
    zh: '指标名称不能为空，且最多 {max} 个字符，单位最多 {unitMax} 个字符',
    en: 'Indicator names must be 1 to {max} characters long and units at most {unitMax}',
    cs: 'Názvy ukazatelů musí mít 1 až {max} znaků a jednotky nejvýše {unitMax}',
    de: 'Kennzahlnamen müssen 1 bis {max} Zeichen lang sein, Einheiten höchstens {unitMax}',
  },
  'script.indicatorValue': {
    zh: '指标“{name}”的值必须是有限数值',
    en: 'The value of indicator "{name}" must be a finite number',
    cs: 'Hodnota ukazatele „{name}“ musí být konečné číslo',
    de: 'Der Wert der Kennzahl „{name}“ muss eine endliche Zahl sein',
  },
} satisfies Record<string, Record<Lang, string>>;
