/** Messages of command issue and control records (R5.10, R8.6), spread into MESSAGES. */
export const COMMAND_MESSAGES = {
  'success.issued': { zh: '下发成功', en: 'Issued successfully', cs: 'Úspěšně odesláno', de: 'Erfolgreich gesendet' },
  'command.parametersEmpty': {
    zh: '参数不能为空',
    en: 'Parameters cannot be empty',
    cs: 'Parametry nesmí být prázdné',
    de: 'Parameter dürfen nicht leer sein',
  },
  'command.parametersIncomplete': {
    zh: '请填写完整的必填参数',
    en: 'All required parameters must be complete',
    cs: 'Všechny povinné parametry musí být vyplněny',
    de: 'Alle Pflichtparameter müssen vollständig sein',
  },
  'command.sameValue': {
    zh: '请输入新的值',
    en: 'Enter a new value',
    cs: 'Zadejte novou hodnotu',
    de: 'Geben Sie einen neuen Wert ein',
  },
  'command.selectDevice': {
    zh: '请先选择设备',
    en: 'Select a device first',
    cs: 'Nejprve vyberte zařízení',
    de: 'Wählen Sie zuerst ein Gerät aus',
  },
  'command.outOfRange': {
    zh: '取值范围为 {min}–{max} {unit}',
    en: 'The value must be between {min} and {max} {unit}',
    cs: 'Hodnota musí být mezi {min} a {max} {unit}',
    de: 'Der Wert muss zwischen {min} und {max} {unit} liegen',
  },
  'command.periodOrder': {
    zh: '开始时间必须早于结束时间',
    en: 'The start time must be before the end time',
    cs: 'Začátek musí být před koncem',
    de: 'Die Startzeit muss vor der Endzeit liegen',
  },
  'command.periodsOverlap': {
    zh: '充电时段与放电时段不能重叠',
    en: 'The charge and discharge periods must not overlap',
    cs: 'Období nabíjení a vybíjení se nesmí překrývat',
    de: 'Lade- und Entladezeitraum dürfen sich nicht überschneiden',
  },
  'command.confirmRequired': {
    zh: '所选设备超过 {limit} 台，请确认后再下发',
    en: 'More than {limit} devices are selected: confirm to issue',
    cs: 'Je vybráno více než {limit} zařízení: potvrďte odeslání',
    de: 'Mehr als {limit} Geräte ausgewählt: bitte bestätigen',
  },
  'command.batchForbidden': {
    zh: '您无权向超过 {limit} 台设备批量下发',
    en: 'You may not issue to more than {limit} devices at once',
    cs: 'Nesmíte odeslat příkaz více než {limit} zařízením najednou',
    de: 'Sie dürfen nicht an mehr als {limit} Geräte gleichzeitig senden',
  },
  'command.passwordRequired': {
    zh: '关机需要再次输入密码',
    en: 'Enter your password again to shut down',
    cs: 'Pro vypnutí znovu zadejte heslo',
    de: 'Geben Sie zum Ausschalten Ihr Passwort erneut ein',
  },
  'command.tariffOnePricePerType': {
    zh: '逆变器每种电价类型只保存一个电价：同一类型的时段必须使用相同电价',
    en: 'The inverter keeps one price per tariff type: periods of the same type must have the same price',
    cs: 'Střídač uchovává jednu cenu pro každý typ tarifu: období stejného typu musí mít stejnou cenu',
    de: 'Der Wechselrichter speichert einen Preis je Tariftyp: Zeiträume desselben Typs müssen denselben Preis haben',
  },
  'command.passwordWrong': {
    zh: '密码错误',
    en: 'The password is wrong',
    cs: 'Heslo je nesprávné',
    de: 'Das Passwort ist falsch',
  },
} as const;
