/**
 * The staff console's own words in Spanish (docs/languages.md).
 */
import waitStatusWords from '../../../../shared/wait-status-words/es.ts';
import type { ConsoleWords } from '../en/console.ts';

/** "a, b y c" (the Spanish of the English catalogs' listOf). */
function listOf(items: readonly string[]): string {
  return new Intl.ListFormat('es', { type: 'conjunction' }).format(items);
}

/** 1.ª, 2.ª, 3.ª … (feminine: it counts a visita). */
function ordinal(n: number): string {
  return `${n}.ª`;
}

/** "1 visita", "3 visitas". */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const consoleWords: ConsoleWords = {
  console: {
    title: 'Consola de CheckN',
    navLabel: 'Consola',
    signInTitle: 'Inicia sesión en tu negocio',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    signingIn: 'Iniciando sesión…',
    signInFailed: 'No pudimos iniciar tu sesión. Inténtalo de nuevo.',
    chooseBusinessTitle: 'Elige un negocio',
    chooseBusinessIntro: 'Trabajas en más de un negocio. ¿En cuál quieres iniciar sesión?',
    chooseAnotherAccount: 'Usar otro correo',
    signOut: 'Cerrar sesión',
    board: 'Tablero',
    waiting: 'En espera',
    called: 'Llamados',
    inService: 'En atención',
    finished: 'Terminados hoy',
    statuses: waitStatusWords,
    actions: {
      call: 'Llamar',
      start: 'Atender',
      done: 'Terminar',
      'no-show': 'No se presentó',
      remove: 'Quitar',
    },
    emptyBoard: 'No hay nadie esperando. Los nuevos clientes sin cita aparecen aquí al anotarse.',
    backIn: (minutes: number) => `Vuelve en ${minutes} min`,
    movedBack: 'Pasó más atrás',
    inLobby: 'En la sala de espera',
    waitedFor: (minutes: number) => (minutes < 1 ? 'ahora mismo' : `${minutes} min`),
    provider: 'Profesional',
    anyProvider: 'Cualquiera',
    more: 'Más',
    chat: 'Chat',
    closeChat: 'Cerrar chat',
    actionFailed: 'Eso no funcionó. Se actualizó el tablero; inténtalo de nuevo.',
    offline: 'Se perdió la conexión. Reconectando…',
    offlineEverywhere:
      'Estás sin conexión. Lo que cambies ahora se envía cuando vuelvas a tener conexión, y el tablero se pone al día entonces.',
    newArrival: 'Nuevo',
    newArrivals: (n: number) => (n === 1 ? '1 nuevo cliente sin cita' : `${n} nuevos clientes sin cita`),
    loadFailed: 'No se pudo cargar el tablero.',
    answeredBy: (name: string) => `${name} está respondiendo.`,
    answeredByDesk: 'Recepción responde esta conversación.',
    youAnswer: 'Tú estás respondiendo.',
    chatNoLongerYours: 'Este cliente ahora es de otro profesional: su conversación ya no se muestra aquí.',
    takeOver: 'Tomar la conversación',
    postAsBusiness: (business: string) => `Escribir como ${business}`,
    notFoundBody: 'Esa página no existe en la consola, o no está disponible para tu rol.',
    toBoard: 'Ir al tablero',
    chatEmpty:
      'Aún no hay mensajes. Escríbele al cliente aquí; si aceptó mensajes de texto, también lo recibe por mensaje de texto.',
    unread: (n: number) => `${n} sin leer`,
    soundOn: 'Sonido para nuevos clientes sin cita y mensajes',
    titleFlash: '¡Nuevo!',
    pendingAction: (name: string, noShow: boolean) =>
      noShow ? `Marcaste que ${name} no se presentó.` : `Quitaste a ${name} de la lista.`,
    undo: 'Deshacer',
    mine: 'Míos',
    everyone: 'Todos',
    mineEmpty: 'Ahora no hay aquí clientes tuyos ni clientes sin cita sin asignar.',
    notYours: (provider: string) => `Cliente de ${provider}`,
    unlinked:
      'Tu cuenta no está vinculada a ningún profesional. Pídele al propietario del negocio que te agregue de nuevo en la página Equipo y vincule tu cuenta a tu perfil de profesional.',
  },
  regulars: {
    /** "5.ª visita · última: Corte con Maria, 3 oct" */
    visit: (visitNumber: number) => `${ordinal(visitNumber)} visita`,
    lastVisit: (service: string, provider: string | null, date: string) =>
      `última: ${service}${provider ? ` con ${provider}` : ''}, ${date}`,
    note: 'Nota',
    noteBy: (name: string | null, date: string) => (name ? `${name}, ${date}` : date),
    addNote: 'Agregar nota',
    editNote: 'Editar nota',
    noteFor: (name: string) => `Nota sobre ${name}`,
    noteHint: 'Se guarda para este número de teléfono en tu negocio, mientras se guarden sus visitas.',
    save: 'Guardar nota',
    saving: 'Guardando…',
    cancel: 'Cancelar',
    saveFailed: 'No se guardó la nota. Inténtalo de nuevo.',
  },
  hours: {
    title: 'Horario de atención',
    aroundTheClock: 'Abierto las 24 horas',
    setHours: 'Definir horario de atención',
    aroundTheClockHint:
      'Los clientes pueden anotarse a cualquier hora. Define un horario de atención para que no puedan anotarse mientras está cerrado.',
    hint: (timeZone: string) =>
      `Los clientes pueden anotarse solo mientras está abierto, según tu zona horaria (${timeZone}). Un día puede tener una pausa: agrega otro horario.`,
    weekdays: ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
    closed: 'Cerrado',
    opensOn: (day: string) => `Abre: ${day}`,
    closesOn: (day: string) => `Cierra: ${day}`,
    addRange: 'Agregar horario',
    specialDays: 'Días especiales',
    specialDaysHint: 'Feriados y otros días: cerrado, o con un horario distinto del habitual.',
    date: 'Fecha',
    closedAllDay: 'Cerrado todo el día',
    addSpecialDay: 'Agregar un día especial',
    lastCall: 'Último cliente sin cita (minutos antes del cierre)',
    lastCallHint:
      'Se dejan de aceptar clientes sin cita estos minutos antes del cierre, y también cuando la espera pasaría de la hora de cierre.',
    caps: 'Límites',
    maxWaiting: 'Máximo de personas en espera (opcional)',
    maxWaitMinutes: 'Espera máxima en minutos (opcional)',
    capsHint:
      'Cuando la fila llega a un límite, los clientes leen "La lista de espera está llena por ahora".',
  },
  intake: {
    taking: 'Aceptando clientes sin cita',
    notTaking: 'No se aceptan clientes sin cita.',
    customersSee: 'Los clientes ven:',
    aroundTheClock: 'Abierto las 24 horas: no hay horario de atención definido.',
    setHours: 'Definir horario de atención',
    pause: 'Pausar la lista',
    pausing: 'Pausando…',
    resume: 'Reanudar',
    pauseTitle: 'Pausar la lista de espera',
    pauseIntro:
      'Los clientes no pueden anotarse hasta que la reanudes. Quienes ya esperan conservan su lugar, y recepción todavía puede agregar clientes sin cita.',
    message: 'Mensaje para los clientes (opcional)',
    resumeIn: 'Reanudar',
    untilResumed: 'Cuando yo la reanude',
    afterMinutes: (minutes: number) =>
      minutes < 60 ? `En ${minutes} minutos` : `En ${minutes / 60} hora${minutes === 60 ? '' : 's'}`,
    failed: 'No se pudo hacer. Inténtalo de nuevo.',
    runningBehind: (minutes: number) => `${minutes} min de retraso`,
    onTime: 'A tiempo',
    behindLabel: 'Retraso',
    behindMinutes: (minutes: number) => `${minutes} minutos de retraso`,
    textWaiting: 'Enviar un mensaje de texto a todos los que esperan',
    setBehind: 'Aplicar',
    texted: (n: number) => `Mensaje de texto enviado a ${count(n, 'cliente', 'clientes')}.`,
  },
  deskWalkIn: {
    textsLanguage: 'Mensajes en',
    textsLanguageHint: 'El idioma de los mensajes que recibe este cliente.',
    open: 'Agregar cliente sin cita',
    title: 'Agregar un cliente sin cita',
    name: 'Nombre',
    phone: 'Número de teléfono (opcional)',
    phoneHint:
      'Con un número recibe el mensaje de texto y puede responder; sin número, solo aparece en el tablero.',
    phoneIncomplete: 'Ingresa los 10 dígitos del número de teléfono, o déjalo vacío.',
    service: 'Servicio',
    pickService: 'Elige un servicio',
    add: 'Agregar a la lista',
    adding: 'Agregando…',
    failed: 'No se pudo hacer. Revisa el tablero antes de intentarlo de nuevo: quizá ya se agregó.',
    noPhone: 'Sin teléfono',
  },
  appointments: {
    open: 'Agendar',
    title: 'Agendar una cita',
    phoneHint: 'Con un número recibe el mensaje de texto de la lista al llegar.',
    provider: 'Profesional',
    pickProvider: 'Elige un profesional',
    date: 'Fecha',
    time: 'Hora',
    book: 'Agendar',
    booking: 'Agendando…',
    failed: 'No se pudo hacer. Revisa Próximas citas antes de intentarlo de nuevo: quizá ya se agendó.',
    lane: 'Próximas citas',
    arrived: 'Llegó',
    missed: 'No vino',
    cancel: 'Cancelar',
    actionFor: (action: string, name: string) => `${action}: ${name}`,
    withProvider: (provider: string) => `con ${provider}`,
  },
  roles: { owner: 'Propietario', front_desk: 'Recepción', provider: 'Profesional' },
  people: {
    title: 'Equipo',
    intro:
      'Todas las personas que atienden la lista de espera. Agrega a una persona y luego pásale su enlace: le permite elegir una contraseña y funciona una sola vez, durante 72 horas.',
    name: 'Nombre',
    email: 'Correo electrónico',
    role: 'Rol',
    provider: 'Qué profesional',
    pickProvider: 'Elige un profesional',
    noProviders: 'Primero agrega profesionales en Configuración.',
    roleHints: {
      owner: 'Todo, incluidos Configuración, Equipo y Estadísticas.',
      front_desk:
        'El tablero, el chat, los mensajes de texto y los clientes sin cita; sin Configuración, Equipo ni Estadísticas.',
      provider: 'Sus propios clientes en el tablero y en el chat.',
    },
    add: 'Agregar persona',
    adding: 'Agregando…',
    invited: 'Aún no eligió una contraseña',
    linkUntil: (when: string) => `El enlace funciona hasta ${when}`,
    you: 'Tú',
    notLinked: 'Sin vincular a un profesional',
    linkFor: (name: string) => `Enlace para ${name}`,
    linkHint: 'Envíale o muéstrale este enlace ahora: se muestra una sola vez y funciona una sola vez.',
    copy: 'Copiar enlace',
    copied: 'Copiado',
    done: 'Listo',
    reset: 'Enlace de nueva contraseña',
    resetConfirm: (name: string) =>
      `¿Dar a ${name} un enlace de nueva contraseña? Su contraseña actual deja de funcionar y se cierran todas sus sesiones.`,
    remove: 'Quitar',
    removeConfirm: (name: string) =>
      `¿Quitar a ${name}? Sus sesiones se cierran de inmediato y ya no podrá iniciar sesión.`,
    confirm: 'Sí',
    cancel: 'Cancelar',
    failed: 'Eso no funcionó. Inténtalo de nuevo.',
  },
  account: {
    title: 'Tu cuenta',
    language: 'Idioma',
    languageHint: 'La consola en este dispositivo. Cada cliente ve su propio idioma.',
    signedInAs: (email: string) => `Sesión iniciada como ${email}`,
    changePassword: 'Cambia tu contraseña',
    currentPassword: 'Contraseña actual',
    newPassword: 'Contraseña nueva',
    newPasswordHint: 'Al menos 10 caracteres. Se cierra la sesión en tus otros dispositivos.',
    save: 'Cambiar contraseña',
    saving: 'Cambiando…',
    saved: 'Tu contraseña se cambió.',
  },
  welcome: {
    title: 'Elige tu contraseña',
    resetTitle: 'Elige una contraseña nueva',
    intro: (name: string, business: string) =>
      `Hola, ${name}: aquí defines tu contraseña para la consola de ${business}.`,
    email: 'Tu correo para iniciar sesión',
    password: 'Contraseña nueva',
    passwordHint: 'Al menos 10 caracteres.',
    submit: 'Guardar e iniciar sesión',
    submitting: 'Guardando…',
    checking: 'Revisando tu enlace…',
    invalid: 'Este enlace venció o ya se usó. Pídele uno nuevo al propietario del negocio.',
    failed: 'No pudimos guardar tu contraseña. Inténtalo de nuevo.',
  },
  settings: {
    language: 'Idioma del negocio',
    languageHint:
      'Los clientes ven las páginas en el idioma de su celular si CheckN lo habla, y si no, en este. El kiosco empieza cada visita en este idioma, y los clientes sin cita que agrega recepción reciben sus mensajes de texto en él.',
    title: 'Configuración',
    business: 'Negocio',
    name: 'Nombre del negocio',
    street: 'Dirección',
    city: 'Ciudad',
    state: 'Estado',
    zip: 'Código postal (ZIP)',
    timeZone: 'Zona horaria',
    timeZoneHint: 'Estadísticas cuenta el día del negocio, y el chat muestra las horas, en esta zona.',
    save: 'Guardar',
    saving: 'Guardando…',
    savingWhenOnline: 'Estás sin conexión. Se guardará cuando vuelvas a tener conexión.',
    saved: 'Guardado',
    services: 'Servicios',
    servicesHint:
      'Los clientes sin cita eligen entre estos, en este orden. Los minutos sirven para estimar la espera.',
    usingDefaults: 'No hay servicios definidos: los clientes ven los diez estándar.',
    serviceName: 'Servicio',
    minutes: 'Minutos',
    addService: 'Agregar un servicio',
    remove: 'Quitar',
    providers: 'Profesionales',
    providerName: 'Nombre',
    speciality: 'Especialidad',
    station: 'Puesto',
    addProvider: 'Agregar profesional',
    removeProviderTitle: (name: string) => `¿Quitar a ${name}?`,
    removeProviderText: (name: string) =>
      `${name} ya no se ofrecerá en el tablero. Sus clientes en espera pasan a:`,
    moveCustomersTo: 'Sus clientes en espera pasan a',
    removeProviderConfirm: 'Quitar profesional',
    smsTexts: 'Mensajes de texto',
    smsTextsHint:
      'Déjalo vacío para usar el texto predeterminado que se ve en gris. {business}, {service} y {name} se completan solos.',
    smsTextsLanguage: 'Textos para clientes que leen en',
    smsTextsLanguageHint: 'Cada cliente recibe los textos en el idioma en que se unió.',
    smsLength: (length: {
      texts: number;
      characters: number;
      perText: number;
      unicode: boolean;
      outsideGsm: string[];
    }) => {
      const texts = count(length.texts, 'mensaje', 'mensajes');
      const characters = count(length.characters, 'carácter', 'caracteres');
      if (!length.unicode) return `Al enviarse: ${texts}, ${characters} (${length.perText} por mensaje).`;
      const shown = length.outsideGsm.slice(0, 3).map((character) => `"${character}"`);
      const named = length.outsideGsm.length > 3 ? `${shown.join(', ')} y otros` : listOf(shown);
      return `Al enviarse: ${texts}, ${characters}. ${named} ${length.outsideGsm.length === 1 ? 'está' : 'están'} fuera del alfabeto básico de los mensajes de texto, así que cada mensaje admite solo ${length.perText} caracteres y cuesta más.`;
    },
    smsJoinText: 'Mensaje de texto cuando alguien se anota',
    smsCalledText: 'Mensaje de texto cuando llamas a alguien',
    nearTurnDefault: 'Avisar a los clientes por mensaje de texto cuando se acerque su turno',
    nearTurnHint: 'Un mensaje de texto por visita. Los clientes pueden cambiarlo en su propia página.',
    nearTurnChoices: {
      next: 'Cuando no quede nadie antes',
      ahead_2: 'Cuando queden 2 personas antes',
      ahead_3: 'Cuando queden 3 personas antes',
      ahead_5: 'Cuando queden 5 personas antes',
      minutes_15: 'Unos 15 minutos antes de su turno',
      off: 'No enviar',
    },
    logo: 'Logo',
    reviewUrlPlaceholder: 'https://g.page/r/…/review',
    logoHint:
      'Una imagen JPEG o PNG cuadrada de 5 MB como máximo. Se muestra arriba en tu página de la lista.',
    logoTooLarge: 'El logo puede pesar 5 MB como máximo. Guarda una imagen más pequeña e inténtalo de nuevo.',
    logoNotJpegOrPng: 'El logo debe ser una imagen JPEG o PNG.',
    uploadLogo: 'Subir un logo',
    link: 'Tu página de la lista de espera',
    joinFields: 'Preguntas al anotarse',
    joinFieldsHint: (max: number) =>
      `Hasta ${max} preguntas propias, debajo del nombre y el teléfono, cuando los clientes se anotan (en su celular, en el kiosco y en Agregar cliente sin cita), por ejemplo "Estilista preferido". Si quitas una, se conservan las respuestas de clientes anteriores.`,
    joinFieldLabel: 'Pregunta',
    joinFieldMaxLength: 'Respuesta más larga',
    joinFieldRequired: 'Obligatoria',
    addJoinField: 'Agregar una pregunta',
    removeJoinField: (label: string) => `Quitar ${label || 'esta pregunta'}`,
    partySize: 'Grupos',
    largestParty: 'Grupo más grande',
    largestPartyHint:
      'Los clientes que se anotan desde su celular pueden traer a otras personas, hasta esta cantidad en total. Cada persona tiene su propio lugar en el tablero, vinculado a los demás. Con 1, el formulario no lo pregunta.',
    largestPartyOption: (size: number) => (size === 1 ? '1 (no preguntar)' : `${size} personas`),
    feedback: 'Opinión después de la visita',
    askFeedback: 'Pedir a los clientes que califiquen su visita',
    askFeedbackHint:
      'Cuando marcas una visita como terminada, el cliente recibe un mensaje de texto con un enlace para calificarla de 1 a 5 estrellas (si aceptó mensajes de texto). Lo que escriben los clientes insatisfechos solo lo ves tú, en Estadísticas.',
    reviewUrl: 'Tu enlace de reseñas (opcional)',
    reviewUrlHint:
      'A los clientes que dan 4 o 5 estrellas se les ofrece este enlace, por ejemplo tu página de reseñas de Google. Empieza con https://',
    localAddress: (host: string) =>
      `${host} es una dirección de esta computadora: los celulares de los clientes no pueden abrir este enlace, y los mensajes de texto y el cartel lo incluyen. Define PUBLIC_URL con la dirección que usan los clientes (por ejemplo https://wait.example.com) y reinicia CheckN.`,
  },
  schedule: {
    floorTitle: 'Quién está en el salón',
    floorStates: { on_floor: 'En el salón', on_break: 'En descanso', off: 'Libre' },
    floorStateOf: (name: string) => `${name}: en el salón, en descanso o libre`,
    floorFailed: 'No se cambió. Inténtalo de nuevo.',
    title: 'Quién trabaja y cuándo',
    hint: (timeZone: string) =>
      `Las horas son las del negocio (${timeZone}). Un turno que termina a la misma hora o antes de empezar pasa de la medianoche.`,
    allHours: 'Trabaja todo el horario de atención',
    weeklyShifts: 'Turnos semanales',
    off: 'Libre',
    from: 'Desde',
    to: 'Hasta',
    rangeLabel: (day: string, which: 'From' | 'To', index: number) =>
      `${day}${index > 0 ? ` (turno ${index + 1})` : ''} ${which === 'From' ? 'desde' : 'hasta'}`,
    nextDay: 'día siguiente',
    sameTime: 'Un turno debe terminar después de empezar',
    addHours: (day: string) => `Agregar horario el ${day.toLowerCase()}`,
    addHoursShort: 'Agregar horario',
    removeHours: (day: string, from: string, to: string) =>
      `Quitar el horario del ${day.toLowerCase()} ${from}–${to}`,
    daysOff: 'Días libres',
    noDaysOff: 'No hay días libres próximos.',
    dayOffDate: 'Día libre',
    addDayOff: 'Agregar día libre',
    removeDayOff: (day: string) => `Quitar el día libre: ${day}`,
    services: 'Servicios que hace',
    servicesHint: 'Si no marcas ninguno: todos los servicios.',
    allServices: 'Todos los servicios',
    weekdays: ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
    loadFailed: 'No se pudieron cargar los horarios.',
  },
  calendarFeeds: {
    title: 'Calendarios de citas',
    hint: 'Pega el enlace del calendario (ICS) que da la app de reservas de cada profesional (Square, Vagaro, Booksy, Google Calendar): sus citas ocupan su tiempo en la estimación de espera. Se lee cada 5 minutos.',
    link: (provider: string) => `Enlace del calendario de ${provider}`,
    placeholder: 'https://… o webcal://…',
    linked: (hint: string) => `Vinculado: ${hint} (pega un enlace nuevo para reemplazarlo)`,
    notLinked: 'Sin calendario vinculado',
    save: 'Guardar enlace',
    syncNow: 'Sincronizar ahora',
    syncing: 'Sincronizando…',
    remove: 'Quitar',
    notSynced: 'Aún no se ha sincronizado',
    synced: (ago: string, events: number) =>
      `Sincronizado ${ago} · ${events} ${events === 1 ? 'evento' : 'eventos'}`,
    failedSince: (error: string, ago: string) => `${error} Última sincronización: ${ago}.`,
    justNow: 'hace un momento',
    minutesAgo: (minutes: number) => `hace ${minutes} min`,
    hoursAgo: (hours: number) => `hace ${hours} h`,
    daysAgo: (days: number) => `hace ${days} ${days === 1 ? 'día' : 'días'}`,
  },
  apiKeys: {
    title: 'Claves de API',
    hint: 'Permite que tus otros programas (un POS, una herramienta de reservas, Zapier) vean tu fila, o también que agreguen clientes sin cita y los llamen, empiecen y terminen. Cada programa tiene su propia clave; si revocas una, ese programa se detiene al instante.',
    docs: 'Cómo usar la API',
    empty: 'Aún no hay claves.',
    name: 'Qué usará la clave',
    namePlaceholder: 'POS de recepción',
    scope: 'Puede',
    scopes: { read: 'Ver la fila', read_write: 'Ver y cambiar la fila' },
    make: 'Crear clave',
    madeBy: (who: string | null, when: string) => (who ? `Creada por ${who}, ${when}` : `Creada: ${when}`),
    lastUsed: (when: string | null) => (when ? `Último uso: ${when}` : 'Nunca usada'),
    revoke: 'Revocar',
    revokeTitle: (name: string) => `¿Revocar la clave ${name}?`,
    revokeText:
      'El programa que tiene esta clave deja de funcionar con CheckN al instante. No se puede deshacer: necesitará una clave nueva.',
    revokeConfirm: 'Revocar clave',
    cancel: 'Cancelar',
    shownTitle: (name: string) => `Tu nueva clave: ${name}`,
    shownHint:
      'Cópiala ahora y pégala en el programa. Se muestra solo esta vez: CheckN no guarda una copia que pueda volver a mostrar.',
    copy: 'Copiar clave',
    copied: 'Copiada',
    done: 'Listo',
    failed: 'Eso no funcionó. Inténtalo de nuevo.',
  },
  webhooks: {
    title: 'Webhooks',
    hint: 'CheckN avisa a tus otros programas de cada registro en la lista, llamado, inicio, fin, ausencia, salida y respuesta a una solicitud en el momento, con un POST a una dirección https que indiques. Cada envío va firmado con el secreto de la dirección (Standard Webhooks), para que tus programas comprueben que viene de aquí.',
    empty: 'Aún no hay direcciones.',
    url: 'Dirección que recibe los eventos',
    urlPlaceholder: 'https://…',
    add: 'Agregar dirección',
    on: (lastSuccess: string | null) =>
      lastSuccess ? `Activa. Última entrega: ${lastSuccess}.` : 'Activa. Aún no se entregó nada.',
    off: (reason: string | null) => `Desactivada. ${reason ?? 'Se desactivó.'}`,
    turnOn: 'Activar',
    showSecret: 'Mostrar secreto de firma',
    hideSecret: 'Ocultar secreto de firma',
    secret: 'Secreto de firma',
    copySecret: 'Copiar secreto',
    copied: 'Copiado',
    rotate: 'Cambiar secreto',
    rotatedUntil: (until: string) =>
      `El secreto anterior también firma hasta ${until}, mientras tus programas hacen el cambio.`,
    remove: 'Quitar',
    removeTitle: (url: string) => `¿Quitar ${url}?`,
    removeText: 'CheckN deja de avisar de los cambios a esta dirección, y se borra su registro de envíos.',
    removeConfirm: 'Quitar dirección',
    cancel: 'Cancelar',
    showLog: 'Registro de envíos',
    hideLog: 'Ocultar registro de envíos',
    logEmpty: 'Aún no se envió nada a esta dirección.',
    states: {
      pending: (next: string | null, tries: number) =>
        tries === 0
          ? 'Esperando envío'
          : `Falló el intento ${tries}; ${next ? `próximo intento: ${next}` : 'se reintenta pronto'}`,
      sending: 'Enviando',
      delivered: (tries: number) => (tries > 1 ? `Entregado después de ${tries} intentos` : 'Entregado'),
      failed: (tries: number) => `Falló después de ${count(tries, 'intento', 'intentos')}`,
    },
    replay: 'Reenviar',
    replayed: 'Reenviado',
    offNotice:
      'Una dirección de webhook se desactivó después de fallar durante horas: tus otros programas no se enteran de los cambios. Ve a Configuración, Webhooks.',
    failed: 'Eso no funcionó. Inténtalo de nuevo.',
  },
  sms: {
    title: 'Mensajes de texto',
    outboxNote:
      'Los mensajes de texto no se envían a los teléfonos: SMS_DRIVER es "outbox". Léelos aquí y responde como lo haría el cliente desde su teléfono.',
    twilioNote: 'Los mensajes de texto salen por Twilio. Los clientes responden desde sus teléfonos.',
    empty: 'Aún no hay mensajes de texto. Cada cliente sin cita que se anota recibe uno.',
    to: 'Para',
    from: 'De',
    replyAs: 'Responder como este cliente',
    replyPlaceholder: 'Escribe una respuesta, o STOP / START / HELP',
    send: 'Enviar respuesta',
    sent: 'Respuesta recibida',
    failed: 'No se pudo enviar esa respuesta.',
    newNumber: {
      title: 'Escribir al negocio como un número nuevo',
      note: 'Como lo haría desde su teléfono un cliente que nunca vino: JOIN (o cualquier texto) empieza a anotarlo por mensaje de texto. Las respuestas aparecen abajo; contéstalas como este cliente.',
      phone: 'Número de teléfono',
      body: 'Mensaje',
      send: 'Enviar mensaje',
      sent: 'Mensaje recibido',
      notNew:
        'Este número está en tu lista, pero nunca se le envió un mensaje de texto: no puedes escribir en su nombre.',
      failed: 'No se pudo enviar ese mensaje. Inténtalo de nuevo.',
    },
    status: {
      queued: 'En cola',
      sending: 'Enviando',
      sent: 'Enviado',
      delivered: 'Entregado',
      failed: 'Falló',
      received: 'Recibido',
      undelivered: 'No entregado',
      blocked: 'No enviado',
    },
  },
  insights: {
    title: 'Estadísticas',
    range: 'Período',
    presets: { today: 'Hoy', '7': '7 días', '30': '30 días', '90': '90 días', custom: 'Personalizado' },
    firstDay: 'Primer día',
    lastDay: 'Último día',
    show: 'Mostrar',
    rangeHeading: (from: string, to: string, timeZone: string) =>
      from === to ? `${from} · ${timeZone}` : `${from} – ${to} · ${timeZone}`,
    visits: 'Visitas',
    averageWait: 'Espera promedio',
    waitNote: (p90: number | null, visits: number) =>
      p90 === null
        ? 'Todavía no se llamó a nadie.'
        : `9 de cada 10 esperaron ${p90} min o menos (${count(visits, 'visita', 'visitas')}).`,
    noShowRate: 'Tasa de ausencias',
    noShowNote: (noShows: number, called: number) =>
      `${noShows} de ${count(called, 'visita llamada', 'visitas llamadas')}`,
    estimate: 'Estimaciones de espera',
    estimateOff: (minutes: number) => `error de ${minutes} min`,
    estimateNote: (visits: number, estimated: number | null, waited: number | null) =>
      visits === 0
        ? 'Ninguna visita de este período tiene a la vez una estimación y una espera.'
        : `Error mediano en ${count(visits, 'visita', 'visitas')}. Estimado: ${estimated} min en promedio; esperaron ${waited}.`,
    joinsPerDay: 'Clientes sin cita por día',
    arrivals: 'Llegadas por día de la semana y hora',
    arrivalsNote: 'Horas en la zona horaria del negocio.',
    noArrivals: 'No hay llegadas en este período.',
    weekdays: ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'],
    hour: (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'a' : 'p'}`,
    funnel: 'El embudo de clientes sin cita',
    funnelSteps: ['Abrió la página', 'Eligió un servicio', 'Ingresó nombre y teléfono', 'Se anotó'],
    byService: 'Por servicio',
    byProvider: 'Por profesional',
    service: 'Servicio',
    provider: 'Profesional',
    unassigned: 'Sin profesional',
    noShows: 'Ausencias',
    noShowCell: (noShows: number, called: number) =>
      called === 0 ? '–' : `${noShows} de ${called} (${Math.round((noShows / called) * 100)} %)`,
    noVisits: 'No hay visitas en este período.',
    export: 'Exportar',
    withContacts: 'Incluir nombres y números de teléfono',
    withContactsNote: 'Solo para tus propios registros: el archivo contiene entonces datos personales.',
    download: 'Descargar CSV',
    minutes: (n: number) => `${n} min`,
    none: '–',
    loadFailed: 'No se pudieron cargar estas estadísticas.',
    ratings: 'Calificaciones después de la visita',
    ratingsNote: (ratings: number) =>
      ratings === 0
        ? 'No hay calificaciones en este período.'
        : `${count(ratings, 'calificación', 'calificaciones')} de visitas en este período.`,
    averageRating: (average: number) => `${average.toFixed(1)} de 5`,
    starsRow: (stars: number) => count(stars, 'estrella', 'estrellas'),
    comments: 'Qué salió mal (lo más reciente)',
    commentsNote: 'Solo tú ves esto: ni recepción ni los profesionales.',
    noComments: 'No hay comentarios en este período.',
    commentMeta: (stars: number, service: string, provider: string | null, at: string) =>
      `${count(stars, 'estrella', 'estrellas')} · ${service}${provider ? ` con ${provider}` : ''} · ${at}`,
  },
  poster: {
    title: 'Cartel de la lista de espera',
    scanToJoin: 'Escanea para anotarte en la lista de espera',
    orVisit: 'O abre',
    print: 'Imprimir',
    back: (toSettings: boolean) => (toSettings ? 'Volver a Configuración' : 'Volver al tablero'),
    hint: 'Se imprime en una hoja carta o A4. Ponlo junto a la puerta o en la recepción.',
    qrLabel: (url: string) => `Código QR de ${url}`,
    qrFailed: 'No se pudo dibujar el código QR. El enlace de abajo sigue funcionando.',
    localAddress: (host: string) =>
      `Este código QR y este enlace apuntan a ${host}, una dirección de esta computadora que los celulares de los clientes no pueden abrir. Define PUBLIC_URL con la dirección que usan los clientes (por ejemplo https://wait.example.com), reinicia CheckN y luego imprime.`,
  },
  door: {
    printPoster: 'Imprimir un cartel',
    openKiosk: 'Abrir el kiosco',
    hint: 'El kiosco es la página de la lista de espera para una tableta en la entrada: cada cliente se anota, y se borra sola para el siguiente.',
  },
  lobbyScreen: {
    open: 'Pantalla de sala de espera',
    openFromSettings: 'Abrir la pantalla de sala de espera',
    openHint:
      'Se abre en una pestaña nueva: arrástrala al televisor y presiona F11 para verla en pantalla completa.',
    settingsTitle: 'Pantalla de sala de espera',
    settingsHint:
      'Una página para un televisor en la sala de espera: a quién se atiende y quién sigue, en vivo. Solo se muestran nombres e iniciales, nunca números de teléfono.',
    nameStyleLegend: 'Mostrar los nombres como',
    nameStyles: {
      first_name_last_initial: 'Nombre e inicial del apellido (Maria G.)',
      initials: 'Solo iniciales (M. G.)',
    },
    save: 'Guardar',
    reset: 'Restablecer el enlace',
    cancel: 'Cancelar',
    resetConfirm:
      '¿Restablecer el enlace? Cualquier pantalla abierta con el enlace actual se detiene al instante y hay que volver a abrirla desde la consola.',
    resetDone: 'Se restableció el enlace. Vuelve a abrir la pantalla desde la consola.',
    loadFailed: 'No se pudo cargar el enlace de la pantalla de sala de espera.',
  },
  privacy: {
    erasedName: 'Datos borrados',
    retentionDays:
      'Borrar el nombre y el teléfono de los clientes esta cantidad de días después de su visita',
    retentionHint:
      'Las visitas se conservan, sin nombres, para que Estadísticas las siga contando. De 1 a 3650 días.',
    customersTitle: 'Clientes',
    customersIntro:
      'Busca a un cliente por número de teléfono para ver sus visitas, descargar sus datos o borrarlos. Los nombres y números de los clientes se borran solos después de los días definidos en Configuración.',
    phoneLabel: 'Número de teléfono',
    find: 'Buscar',
    noVisits: 'No hay visitas con este número (o sus datos ya se borraron).',
    visitsOf: (phone: string, n: number) => `${count(n, 'visita', 'visitas')} con ${phone}`,
    optedOut:
      'Este número envió STOP: no recibe mensajes de texto. Eso se mantiene incluso después de borrar sus datos.',
    visitLine: (service: string, provider: string | null) =>
      provider ? `${service} con ${provider}` : service,
    exportData: 'Descargar sus datos',
    exporting: 'Preparando…',
    eraseData: 'Borrar sus datos',
    eraseTitle: '¿Borrar los datos de este cliente?',
    eraseBody: (phone: string) =>
      `Cada visita con ${phone} pierde su nombre y número de teléfono, se borran sus mensajes de chat y de texto, y una visita en espera sale de la lista. Las visitas se conservan, sin nombres, para Estadísticas. No se puede deshacer.`,
    eraseConfirm: 'Borrar',
    eraseCancel: 'Cancelar',
    erased: (n: number) => `Se ${n === 1 ? 'borró' : 'borraron'} ${count(n, 'visita', 'visitas')}.`,
  },
};

export default consoleWords;
