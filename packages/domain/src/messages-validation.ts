import type { Lang } from './languages.js';

/** Messages of the shared validation rules (spread into MESSAGES; every entry in zh, en, cs and de). */
export const VALIDATION_MESSAGES = {
  // validation (R5)
  'validation.required': {
    zh: '此项为必填项',
    en: 'This field is required',
    cs: 'Toto pole je povinné',
    de: 'Dieses Feld ist erforderlich',
  },
  'validation.passwordLength': {
    zh: '密码长度为 8 到 16 位',
    en: 'The password must be 8 to 16 characters long',
    cs: 'Heslo musí mít 8 až 16 znaků',
    de: 'Das Passwort muss 8 bis 16 Zeichen lang sein',
  },
  'validation.noSpaces': {
    zh: '不能包含空格',
    en: 'Spaces are not allowed',
    cs: 'Mezery nejsou povoleny',
    de: 'Leerzeichen sind nicht erlaubt',
  },
  'validation.noLeadingTrailingSpace': {
    zh: '首尾不能有空格',
    en: 'No spaces at the start or end',
    cs: 'Na začátku ani na konci nesmí být mezera',
    de: 'Keine Leerzeichen am Anfang oder Ende',
  },
  'validation.noChinese': {
    zh: '不能包含中文字符',
    en: 'Chinese characters are not allowed',
    cs: 'Čínské znaky nejsou povoleny',
    de: 'Chinesische Zeichen sind nicht erlaubt',
  },
  'validation.digitsOnly': {
    zh: '只能输入数字',
    en: 'Only digits are allowed',
    cs: 'Povoleny jsou pouze číslice',
    de: 'Nur Ziffern sind erlaubt',
  },
  'validation.name': {
    zh: '只能包含字母、数字、下划线和中文',
    en: 'Only letters, digits, underscore and Chinese characters are allowed',
    cs: 'Povolena jsou pouze písmena, číslice, podtržítko a čínské znaky',
    de: 'Nur Buchstaben, Ziffern, Unterstrich und chinesische Zeichen sind erlaubt',
  },
  'validation.personName': {
    zh: '姓名只能包含文字、数字和下划线，词与词之间可用一个空格、连字符、撇号或句点',
    en: 'A name may contain letters, digits and underscores, with one space, hyphen, apostrophe or full stop between words',
    cs: 'Jméno smí obsahovat písmena, číslice a podtržítka, mezi slovy jednu mezeru, spojovník, apostrof nebo tečku',
    de: 'Ein Name darf Buchstaben, Ziffern und Unterstriche enthalten, zwischen Wörtern ein Leerzeichen, einen Bindestrich, einen Apostroph oder einen Punkt',
  },
  'validation.username': {
    zh: '用户名为 3 到 32 位字母、数字、下划线、点或横线',
    en: 'The username must be 3 to 32 letters, digits, underscores, dots or dashes',
    cs: 'Uživatelské jméno musí mít 3 až 32 písmen, číslic, podtržítek, teček nebo pomlček',
    de: 'Der Benutzername muss aus 3 bis 32 Buchstaben, Ziffern, Unterstrichen, Punkten oder Bindestrichen bestehen',
  },
  'validation.phone': {
    zh: '请输入正确的手机号码',
    en: 'Please enter a valid mobile number',
    cs: 'Zadejte platné číslo mobilního telefonu',
    de: 'Bitte geben Sie eine gültige Mobilnummer ein',
  },
  'validation.phonePrefix': {
    zh: '不支持该国际区号',
    en: 'This country calling code is not supported',
    cs: 'Tato mezinárodní předvolba není podporována',
    de: 'Diese Ländervorwahl wird nicht unterstützt',
  },
  'validation.email': {
    zh: '请输入正确的邮箱地址',
    en: 'Please enter a valid e-mail address',
    cs: 'Zadejte platnou e-mailovou adresu',
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  },
  'validation.tooLong': {
    zh: '最多 {max} 个字符',
    en: 'At most {max} characters',
    cs: 'Nejvýše {max} znaků',
    de: 'Höchstens {max} Zeichen',
  },
  'validation.positiveNumber': {
    zh: '请输入正数',
    en: 'Please enter a positive number',
    cs: 'Zadejte kladné číslo',
    de: 'Bitte geben Sie eine positive Zahl ein',
  },
  'validation.nonNegativeNumber': {
    zh: '请输入非负数',
    en: 'Please enter a number that is not negative',
    cs: 'Zadejte nezáporné číslo',
    de: 'Bitte geben Sie eine nicht negative Zahl ein',
  },
  'validation.dateTooLate': {
    zh: '日期不能晚于 2100-12-31',
    en: 'The date must not be after 2100-12-31',
    cs: 'Datum nesmí být pozdější než 2100-12-31',
    de: 'Das Datum darf nicht nach dem 2100-12-31 liegen',
  },
  'validation.dateOutOfRange': {
    zh: '日期须在 2000-01-01 至 2100-12-31 之间',
    en: 'The date must be between 2000-01-01 and 2100-12-31',
    cs: 'Datum musí být mezi 2000-01-01 a 2100-12-31',
    de: 'Das Datum muss zwischen dem 2000-01-01 und dem 2100-12-31 liegen',
  },
  'validation.exceedsLimit': {
    zh: '数值不能超过 {max}',
    en: 'The value must not exceed {max}',
    cs: 'Hodnota nesmí překročit {max}',
    de: 'Der Wert darf {max} nicht überschreiten',
  },
  'validation.longitude': {
    zh: '经度须为 -180 到 180 之间的小数，最多 6 位小数',
    en: 'Longitude must be a decimal from -180 to 180 with at most 6 decimals',
    cs: 'Zeměpisná délka musí být desetinné číslo od -180 do 180 s nejvýše 6 desetinnými místy',
    de: 'Der Längengrad muss eine Dezimalzahl von -180 bis 180 mit höchstens 6 Nachkommastellen sein',
  },
  'validation.latitude': {
    zh: '纬度须为 -90 到 90 之间的小数，最多 6 位小数',
    en: 'Latitude must be a decimal from -90 to 90 with at most 6 decimals',
    cs: 'Zeměpisná šířka musí být desetinné číslo od -90 do 90 s nejvýše 6 desetinnými místy',
    de: 'Der Breitengrad muss eine Dezimalzahl von -90 bis 90 mit höchstens 6 Nachkommastellen sein',
  },
  'validation.invalidValue': {
    zh: '取值无效',
    en: 'This value is not valid',
    cs: 'Tato hodnota není platná',
    de: 'Dieser Wert ist ungültig',
  },
  'validation.unknownField': {
    zh: '不允许的字段：{fields}',
    en: 'Fields not allowed here: {fields}',
    cs: 'Nepovolená pole: {fields}',
    de: 'Hier nicht erlaubte Felder: {fields}',
  },
  'validation.newPasswordSame': {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
    cs: 'Nové heslo se musí lišit od původního',
    de: 'Das neue Passwort muss sich vom alten unterscheiden',
  },
  'validation.passwordMismatch': {
    zh: '两次输入的密码不一致',
    en: 'The two passwords do not match',
    cs: 'Hesla se neshodují',
    de: 'Die Passwörter stimmen nicht überein',
  },
} satisfies Record<string, Record<Lang, string>>;
