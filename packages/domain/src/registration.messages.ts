/** Messages of registration and password reset by code (spread into MESSAGES; every entry in zh, en, cs and de). */
export const REGISTRATION_MESSAGES = {
  'register.success': {
    zh: '注册成功',
    en: 'Registration successful',
    cs: 'Registrace proběhla úspěšně',
    de: 'Registrierung erfolgreich',
  },
  'register.dealerContactProvider': {
    zh: '经销商账号不能自行注册，请联系服务商',
    en: 'A dealer account cannot be registered here: please contact the provider',
    cs: 'Účet prodejce zde nelze zaregistrovat: obraťte se prosím na poskytovatele',
    de: 'Ein Händlerkonto kann hier nicht registriert werden: Bitte wenden Sie sich an den Anbieter',
  },
  'register.superiorUnknown': {
    zh: '没有使用此客户编码的账号',
    en: 'No account has this client code',
    cs: 'Žádný účet nemá tento kód zákazníka',
    de: 'Kein Konto hat diesen Kundencode',
  },
  'register.superiorLevel': {
    zh: '此客户编码的账号不能作为该角色的上级',
    en: 'The account with this client code cannot be the superior of this role',
    cs: 'Účet s tímto kódem zákazníka nemůže být nadřízeným této role',
    de: 'Das Konto mit diesem Kundencode kann nicht Vorgesetzter dieser Rolle sein',
  },
  'register.addressTaken': {
    zh: '此地址已属于一个账号，请登录或重置密码',
    en: 'This address already belongs to an account: log in or reset the password',
    cs: 'Tato adresa již patří k účtu: přihlaste se nebo obnovte heslo',
    de: 'Diese Adresse gehört bereits zu einem Konto: Melden Sie sich an oder setzen Sie das Passwort zurück',
  },
  'verification.codeFormat': {
    zh: '验证码为6位数字',
    en: 'The verification code is 6 digits',
    cs: 'Ověřovací kód má 6 číslic',
    de: 'Der Bestätigungscode hat 6 Ziffern',
  },
  'verification.codeWrong': {
    zh: '验证码错误',
    en: 'The verification code is wrong',
    cs: 'Ověřovací kód je chybný',
    de: 'Der Bestätigungscode ist falsch',
  },
  'verification.codeExpired': {
    zh: '验证码已失效，请重新获取',
    en: 'The verification code is no longer valid: please request a new one',
    cs: 'Ověřovací kód již neplatí: vyžádejte si prosím nový',
    de: 'Der Bestätigungscode ist nicht mehr gültig: Bitte fordern Sie einen neuen an',
  },
  'verification.resendWait': {
    zh: '请等待 {seconds} 秒后再获取验证码',
    en: 'Please wait {seconds} s before requesting another code',
    cs: 'Před vyžádáním dalšího kódu počkejte prosím {seconds} s',
    de: 'Bitte warten Sie {seconds} s, bevor Sie einen weiteren Code anfordern',
  },
  'verification.tooManyCodes': {
    zh: '此地址获取验证码次数过多，请 {minutes} 分钟后再试',
    en: 'Too many codes for this address: please try again in {minutes} min',
    cs: 'Pro tuto adresu bylo vyžádáno příliš mnoho kódů: zkuste to prosím znovu za {minutes} min',
    de: 'Zu viele Codes für diese Adresse: Bitte versuchen Sie es in {minutes} Min. erneut',
  },
  'verification.codeSent': {
    zh: '发送成功',
    en: 'Sent successfully',
    cs: 'Úspěšně odesláno',
    de: 'Erfolgreich gesendet',
  },
  'verification.noChannel': {
    zh: '该用户没有可接收验证码的邮箱或手机号',
    en: 'This user has neither an e-mail address nor a mobile number to send a code to',
    cs: 'Tento uživatel nemá e-mailovou adresu ani mobilní číslo, na které by šlo poslat kód',
    de: 'Dieser Benutzer hat weder eine E-Mail-Adresse noch eine Mobilnummer für einen Code',
  },
  'passwordReset.done': {
    zh: '密码已重置，请使用新密码登录',
    en: 'Password reset: please log in with the new password',
    cs: 'Heslo bylo obnoveno: přihlaste se prosím novým heslem',
    de: 'Passwort zurückgesetzt: Bitte melden Sie sich mit dem neuen Passwort an',
  },
} satisfies Record<string, Record<'zh' | 'en' | 'cs' | 'de', string>>;
