import type { Lang } from '../languages.js';

/** Messages of the alarm notification rules (Alarm Center, C/C); spread into MESSAGES. */
export const NOTIFICATION_RULE_MESSAGES = {
  'notificationRule.ownerLimit': {
    zh: '每个账号最多 {max} 条告警规则，请先删除不用的规则',
    en: 'An account can have at most {max} alarm rules; delete rules you no longer need first',
    cs: 'Jeden účet může mít nejvýše {max} pravidel alarmů; nejprve smažte pravidla, která už nepotřebujete',
    de: 'Ein Konto kann höchstens {max} Alarmregeln haben; löschen Sie zuerst nicht mehr benötigte Regeln',
  },
  'notificationRule.notFound': {
    zh: '找不到该告警规则',
    en: 'Cannot find this alarm rule',
    cs: 'Toto pravidlo alarmů nelze najít',
    de: 'Diese Alarmregel wurde nicht gefunden',
  },
  'notificationRule.plantsRequired': {
    zh: '请选择电站，或选择“全部电站”',
    en: 'Choose plants, or choose "all plants"',
    cs: 'Vyberte elektrárny, nebo zvolte „všechny elektrárny“',
    de: 'Wählen Sie Anlagen aus oder wählen Sie „alle Anlagen“',
  },
  'notificationRule.plantsWithAll': {
    zh: '已选择“全部电站”时不能再单独选择电站',
    en: 'With "all plants" chosen, no single plants can be chosen',
    cs: 'Při volbě „všechny elektrárny“ nelze vybrat jednotlivé elektrárny',
    de: 'Bei „alle Anlagen“ können keine einzelnen Anlagen gewählt werden',
  },
  'notificationRule.plantOutOfScope': {
    zh: '只能选择您权限范围内的电站',
    en: 'Only plants you may see can be chosen',
    cs: 'Vybrat lze jen elektrárny, které smíte vidět',
    de: 'Es können nur Anlagen gewählt werden, die Sie sehen dürfen',
  },
  'notificationRule.userOutOfScope': {
    zh: '接收人必须是您自己或您的下级',
    en: 'Receiving users must be you or your subordinates',
    cs: 'Přijímajícími uživateli můžete být vy nebo vaši podřízení',
    de: 'Empfangende Benutzer müssen Sie selbst oder Ihre Untergebenen sein',
  },
  'notificationRule.unknownCode': {
    zh: '告警目录中没有该告警代码',
    en: 'This alarm code is not in the alarm catalogue',
    cs: 'Tento kód alarmu není v katalogu alarmů',
    de: 'Dieser Alarmcode steht nicht im Alarmkatalog',
  },
  'notificationRule.receiverRequired': {
    zh: '请至少添加一个接收人（用户、邮箱或手机号）',
    en: 'Add at least one receiver (user, e-mail address or phone number)',
    cs: 'Přidejte alespoň jednoho příjemce (uživatele, e-mailovou adresu nebo telefonní číslo)',
    de: 'Fügen Sie mindestens einen Empfänger hinzu (Benutzer, E-Mail-Adresse oder Telefonnummer)',
  },
  'notificationRule.channelRequired': {
    zh: '请至少选择一种通知方式',
    en: 'Choose at least one channel',
    cs: 'Vyberte alespoň jeden kanál',
    de: 'Wählen Sie mindestens einen Kanal',
  },
  'notificationRule.smsNeedsPhone': {
    zh: '短信通知需要至少一个手机号或接收用户',
    en: 'SMS needs at least one phone number or receiving user',
    cs: 'SMS vyžaduje alespoň jedno telefonní číslo nebo přijímajícího uživatele',
    de: 'SMS braucht mindestens eine Telefonnummer oder einen empfangenden Benutzer',
  },
  'notificationRule.emailNeedsAddress': {
    zh: '邮件通知需要至少一个邮箱或接收用户',
    en: 'E-mail needs at least one e-mail address or receiving user',
    cs: 'E-mail vyžaduje alespoň jednu e-mailovou adresu nebo přijímajícího uživatele',
    de: 'E-Mail braucht mindestens eine E-Mail-Adresse oder einen empfangenden Benutzer',
  },
  // The range is NOTIFICATION_LIMIT_MIN..MAX (1..1000) written out: zod gives a too_small issue no maximum to fill.
  'notificationRule.limitRange': {
    zh: '推送上限应为 1 到 1000 之间的整数',
    en: 'The push limit must be a whole number from 1 to 1000',
    cs: 'Limit oznámení musí být celé číslo od 1 do 1000',
    de: 'Das Sendelimit muss eine ganze Zahl von 1 bis 1000 sein',
  },
  'notificationRule.hourlyAboveDaily': {
    zh: '每小时推送上限不能大于每天推送上限',
    en: 'The hourly push limit must not be above the daily push limit',
    cs: 'Hodinový limit oznámení nesmí být vyšší než denní limit',
    de: 'Das stündliche Sendelimit darf nicht über dem täglichen liegen',
  },
  'notificationRule.tooMany': {
    zh: '最多 {max} 项',
    en: 'At most {max} entries',
    cs: 'Nejvýše {max} položek',
    de: 'Höchstens {max} Einträge',
  },
  'notificationRule.duplicate': {
    zh: '列表中有重复项',
    en: 'The list holds the same entry twice',
    cs: 'Seznam obsahuje stejnou položku dvakrát',
    de: 'Die Liste enthält denselben Eintrag zweimal',
  },
} satisfies Record<string, Record<Lang, string>>;
