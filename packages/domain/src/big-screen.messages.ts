/**
 * Messages of the big screens and their kiosk links (big-screen.ts), spread into MESSAGES. The refusals of a kiosk
 * token are what a wall screen shows when its link stops working, so they say what to do next.
 */
export const BIG_SCREEN_MESSAGES = {
  'kiosk.revoked': {
    zh: '此大屏链接已被撤销。请向链接的创建者索取新链接。',
    en: 'This big-screen link has been revoked. Ask whoever created it for a new link.',
    cs: 'Tento odkaz pro velkou obrazovku byl zrušen. Požádejte jeho autora o nový odkaz.',
    de: 'Dieser Großbild-Link wurde widerrufen. Bitten Sie die Person, die ihn erstellt hat, um einen neuen Link.',
  },
  'kiosk.expired': {
    zh: '此大屏链接已过期。请向链接的创建者索取新链接。',
    en: 'This big-screen link has expired. Ask whoever created it for a new link.',
    cs: 'Platnost tohoto odkazu pro velkou obrazovku vypršela. Požádejte jeho autora o nový odkaz.',
    de: 'Dieser Großbild-Link ist abgelaufen. Bitten Sie die Person, die ihn erstellt hat, um einen neuen Link.',
  },
  'kiosk.invalid': {
    zh: '此大屏链接无效。请检查链接是否完整，或索取新链接。',
    en: 'This big-screen link is not valid. Check that the whole link was copied, or ask for a new one.',
    cs: 'Tento odkaz pro velkou obrazovku není platný. Zkontrolujte, že byl zkopírován celý, nebo si vyžádejte nový.',
    de: 'Dieser Großbild-Link ist ungültig. Prüfen Sie, ob der ganze Link kopiert wurde, oder fordern Sie einen neuen an.',
  },
  'kiosk.rateLimited': {
    zh: '此大屏链接的请求过于频繁，请稍后再试。',
    en: 'This big-screen link is reading too often. Try again in a minute.',
    cs: 'Tento odkaz pro velkou obrazovku načítá data příliš často. Zkuste to za minutu znovu.',
    de: 'Dieser Großbild-Link fragt zu oft ab. Versuchen Sie es in einer Minute erneut.',
  },
  'kiosk.notFound': {
    zh: '找不到此大屏链接',
    en: 'Cannot find this big-screen link',
    cs: 'Tento odkaz pro velkou obrazovku nebyl nalezen',
    de: 'Dieser Großbild-Link wurde nicht gefunden',
  },
  'kiosk.plantOutOfScope': {
    zh: '只能选择您有权查看的电站',
    en: 'Choose only plants you may see',
    cs: 'Vyberte jen elektrárny, které smíte vidět',
    de: 'Wählen Sie nur Anlagen, die Sie sehen dürfen',
  },
  'kiosk.expiryPast': {
    zh: '到期日期不能早于今天',
    en: 'The last day cannot be before today',
    cs: 'Poslední den nemůže být dříve než dnes',
    de: 'Der letzte Tag darf nicht vor heute liegen',
  },
  'kiosk.expiryTooLate': {
    zh: '链接最长有效 {max} 天',
    en: 'A link works for at most {max} days',
    cs: 'Odkaz platí nejvýše {max} dní',
    de: 'Ein Link gilt höchstens {max} Tage',
  },
  'kiosk.linkLimit': {
    zh: '有效的大屏链接最多 {max} 个：请先撤销不再使用的链接',
    en: 'At most {max} big-screen links can be active: revoke the ones no longer used first',
    cs: 'Aktivních odkazů pro velkou obrazovku může být nejvýše {max}: nejprve zrušte ty, které se už nepoužívají',
    de: 'Höchstens {max} Großbild-Links können aktiv sein: widerrufen Sie zuerst nicht mehr genutzte',
  },
  'kiosk.noViews': {
    zh: '您的角色没有可见的大屏视图',
    en: 'Your role has no big-screen views',
    cs: 'Vaše role nemá žádné pohledy velké obrazovky',
    de: 'Ihre Rolle hat keine Großbild-Ansichten',
  },
} as const;
