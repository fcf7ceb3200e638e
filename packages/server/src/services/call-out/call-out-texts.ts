import { DEFAULT_LOCALE, LOCALES, type ContactKind, type Locale } from '@vigil/domain';

/**
 * What call-out says to people, in each of the web app's languages (the recipient's profile locale):
 * alarm messages, verification codes and the page an acknowledgement link opens. Server-side, since
 * the recipient is not in the web app when it reaches them.
 */
export interface CallOutTexts {
  test: string;
  testNote: string;
  /** what a test alarm is, for the What line: the policy it tests */
  testWhat: (policy: string) => string;
  levels: Record<'critical' | 'warning' | 'info', string>;
  alarm: string;
  what: string;
  where: string;
  severity: string;
  since: string;
  /** the reading that raised the alarm, against the limit it crossed */
  reading: string;
  limit: string;
  acknowledge: string;
  voiceAcknowledge: string;
  codeSubject: string;
  code: (code: string, minutes: number) => string;
  acknowledged: string;
  acknowledgedText: (what: string) => string;
  refused: string;
  refusedText: string;
}

const en: CallOutTexts = {
  test: 'TEST',
  testNote: 'This is a test of the call-out: no action is needed.',
  testWhat: (policy) => `Test of the call-out policy "${policy}"`,
  levels: { critical: 'Critical', warning: 'Warning', info: 'Information' },
  alarm: 'alarm',
  what: 'What',
  where: 'Where',
  severity: 'How bad',
  since: 'Since',
  reading: 'Reading',
  limit: 'limit',
  acknowledge: 'Acknowledge',
  voiceAcknowledge: 'Acknowledge it in Vigil, or with the link sent to you by SMS or e-mail.',
  codeSubject: 'Your Vigil verification code',
  code: (code, minutes) => `Your Vigil verification code is ${code}. It is valid for ${minutes} minutes.`,
  acknowledged: 'Alarm acknowledged',
  acknowledgedText: (what) => `Thank you. "${what}" is acknowledged in your name and the call-out has stopped.`,
  refused: 'This link acknowledges nothing',
  refusedText:
    'It was used already, the alarm was acknowledged or has ended, or it is not a link Vigil sent. Nothing was acknowledged.',
};

const TEXTS: Record<Locale, CallOutTexts> = {
  'en-US': en,
  'en-GB': en,
  'pt-BR': {
    test: 'TESTE',
    testNote: 'Este é um teste do acionamento: nenhuma ação é necessária.',
    testWhat: (policy) => `Teste da política de acionamento "${policy}"`,
    levels: { critical: 'Crítico', warning: 'Aviso', info: 'Informação' },
    alarm: 'alarme',
    what: 'O quê',
    where: 'Onde',
    severity: 'Gravidade',
    since: 'Desde',
    reading: 'Leitura',
    limit: 'limite',
    acknowledge: 'Reconhecer',
    voiceAcknowledge: 'Reconheça no Vigil ou pelo link enviado por SMS ou e-mail.',
    codeSubject: 'Seu código de verificação do Vigil',
    code: (code, minutes) => `Seu código de verificação do Vigil é ${code}. Ele vale por ${minutes} minutos.`,
    acknowledged: 'Alarme reconhecido',
    acknowledgedText: (what) => `Obrigado. "${what}" foi reconhecido em seu nome e o acionamento parou.`,
    refused: 'Este link não reconhece nada',
    refusedText:
      'Ele já foi usado, o alarme já foi reconhecido ou terminou, ou não é um link enviado pelo Vigil. Nada foi reconhecido.',
  },
  ja: {
    test: 'テスト',
    testNote: 'これは呼び出しのテストです。対応は不要です。',
    testWhat: (policy) => `呼び出しポリシー「${policy}」のテスト`,
    levels: { critical: '重大', warning: '警告', info: '情報' },
    alarm: 'アラーム',
    what: '内容',
    where: '場所',
    severity: '重大度',
    since: '発生時刻',
    reading: '測定値',
    limit: '閾値',
    acknowledge: '確認する',
    voiceAcknowledge: 'Vigil で、または SMS かメールで送られたリンクで確認してください。',
    codeSubject: 'Vigil の確認コード',
    code: (code, minutes) => `Vigil の確認コードは ${code} です。有効期間は ${minutes} 分です。`,
    acknowledged: 'アラームを確認しました',
    acknowledgedText: (what) => `ありがとうございます。「${what}」はあなたの名前で確認され、呼び出しは止まりました。`,
    refused: 'このリンクでは何も確認されません',
    refusedText:
      'すでに使用されたか、アラームが確認済みか終了しているか、Vigil が送ったリンクではありません。何も確認されていません。',
  },
  es: {
    test: 'PRUEBA',
    testNote: 'Esto es una prueba del aviso: no hace falta ninguna acción.',
    testWhat: (policy) => `Prueba de la política de aviso "${policy}"`,
    levels: { critical: 'Crítica', warning: 'Advertencia', info: 'Información' },
    alarm: 'alarma',
    what: 'Qué',
    where: 'Dónde',
    severity: 'Gravedad',
    since: 'Desde',
    reading: 'Lectura',
    limit: 'límite',
    acknowledge: 'Reconocer',
    voiceAcknowledge: 'Reconózcala en Vigil o con el enlace enviado por SMS o correo electrónico.',
    codeSubject: 'Su código de verificación de Vigil',
    code: (code, minutes) => `Su código de verificación de Vigil es ${code}. Es válido durante ${minutes} minutos.`,
    acknowledged: 'Alarma reconocida',
    acknowledgedText: (what) => `Gracias. «${what}» quedó reconocida a su nombre y el aviso se detuvo.`,
    refused: 'Este enlace no reconoce nada',
    refusedText:
      'Ya se usó, la alarma ya fue reconocida o terminó, o no es un enlace enviado por Vigil. No se reconoció nada.',
  },
  th: {
    test: 'ทดสอบ',
    testNote: 'นี่คือการทดสอบการแจ้งเตือน ไม่ต้องดำเนินการใด ๆ',
    testWhat: (policy) => `การทดสอบนโยบายการแจ้งเตือน "${policy}"`,
    levels: { critical: 'วิกฤต', warning: 'เตือน', info: 'ข้อมูล' },
    alarm: 'สัญญาณเตือน',
    what: 'อะไร',
    where: 'ที่ไหน',
    severity: 'ความรุนแรง',
    since: 'ตั้งแต่',
    reading: 'ค่าที่อ่านได้',
    limit: 'ขีดจำกัด',
    acknowledge: 'รับทราบ',
    voiceAcknowledge: 'รับทราบใน Vigil หรือด้วยลิงก์ที่ส่งทาง SMS หรืออีเมล',
    codeSubject: 'รหัสยืนยัน Vigil ของคุณ',
    code: (code, minutes) => `รหัสยืนยัน Vigil ของคุณคือ ${code} ใช้ได้ ${minutes} นาที`,
    acknowledged: 'รับทราบสัญญาณเตือนแล้ว',
    acknowledgedText: (what) => `ขอบคุณ "${what}" ได้รับทราบในนามของคุณแล้ว และการแจ้งเตือนหยุดแล้ว`,
    refused: 'ลิงก์นี้ไม่ได้รับทราบสิ่งใด',
    refusedText: 'ลิงก์ถูกใช้ไปแล้ว สัญญาณเตือนได้รับทราบแล้วหรือสิ้นสุดแล้ว หรือไม่ใช่ลิงก์ที่ Vigil ส่ง ไม่มีการรับทราบใด ๆ',
  },
  ru: {
    test: 'ТЕСТ',
    testNote: 'Это проверка оповещения: никаких действий не требуется.',
    testWhat: (policy) => `Проверка политики оповещения «${policy}»`,
    levels: { critical: 'Критическая', warning: 'Предупреждение', info: 'Информация' },
    alarm: 'тревога',
    what: 'Что',
    where: 'Где',
    severity: 'Серьёзность',
    since: 'С',
    reading: 'Показание',
    limit: 'предел',
    acknowledge: 'Подтвердить',
    voiceAcknowledge: 'Подтвердите её в Vigil или по ссылке из SMS или письма.',
    codeSubject: 'Ваш код подтверждения Vigil',
    code: (code, minutes) => `Ваш код подтверждения Vigil: ${code}. Он действует ${minutes} минут.`,
    acknowledged: 'Тревога подтверждена',
    acknowledgedText: (what) => `Спасибо. «${what}» подтверждена от вашего имени, оповещение остановлено.`,
    refused: 'Эта ссылка ничего не подтверждает',
    refusedText:
      'Она уже использована, тревога уже подтверждена или закончилась, либо это не ссылка от Vigil. Ничего не подтверждено.',
  },
  af: {
    test: 'TOETS',
    testNote: 'Dit is ’n toets van die uitroep: geen optrede is nodig nie.',
    testWhat: (policy) => `Toets van die uitroepbeleid "${policy}"`,
    levels: { critical: 'Kritiek', warning: 'Waarskuwing', info: 'Inligting' },
    alarm: 'alarm',
    what: 'Wat',
    where: 'Waar',
    severity: 'Hoe erg',
    since: 'Sedert',
    reading: 'Lesing',
    limit: 'grens',
    acknowledge: 'Erken',
    voiceAcknowledge: 'Erken dit in Vigil, of met die skakel wat per SMS of e-pos gestuur is.',
    codeSubject: 'Jou Vigil-verifikasiekode',
    code: (code, minutes) => `Jou Vigil-verifikasiekode is ${code}. Dit is ${minutes} minute geldig.`,
    acknowledged: 'Alarm erken',
    acknowledgedText: (what) => `Dankie. "${what}" is in jou naam erken en die uitroep het gestop.`,
    refused: 'Hierdie skakel erken niks nie',
    refusedText:
      'Dit is reeds gebruik, die alarm is reeds erken of het geëindig, of dit is nie ’n skakel wat Vigil gestuur het nie. Niks is erken nie.',
  },
};

export const localeOf = (value: unknown): Locale =>
  LOCALES.includes(value as Locale) ? (value as Locale) : DEFAULT_LOCALE;

export const textsFor = (locale: unknown): CallOutTexts => TEXTS[localeOf(locale)];

/** How the alarm history names the channel a link came by (kept in English, like the engine's texts). */
export const CHANNEL_NAMES: Record<ContactKind, string> = {
  email: 'e-mail',
  sms: 'SMS',
  voice: 'voice call',
  webhook: 'webhook',
};
