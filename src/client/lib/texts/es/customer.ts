/**
 * Every word a customer page shows (the walk-in's pages, the kiosk, the lobby screen) in Spanish
 * (docs/languages.md: tú, neutral Latin American Spanish, the glossary's terms).
 */
import type { CustomerWords } from '../en/customer.ts';

/** "a", "a y b", "a, b y c". */
function listOf(items: readonly string[]): string {
  return new Intl.ListFormat('es', { type: 'conjunction' }).format(items);
}

/** A clock time with its article: "la 1:30 p.m.", "las 9:30 a.m.". */
function at(time: string): string {
  return /^0?1\D/.test(time) ? `la ${time}` : `las ${time}`;
}

/** A sentence's period, but one: "a las 4:30 p.m." ends with the time's own. */
function sentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

const customerWords: CustomerWords = {
  home: {
    tagline: 'Anótate en la lista desde tu celular. Te enviaremos un mensaje de texto cuando sea tu turno.',
    codeLabel: 'Código del negocio',
    codeHint: 'El código está en el letrero de la recepción, o al final del enlace que te dieron.',
    codeRequired: 'Por favor, ingresa el código del negocio',
    open: 'Abrir',
    demo: 'Prueba el salón de demostración',
  },
  userInfo: {
    heading: 'Ingresa tu nombre y número de teléfono',
    description: (company: string, service: string) =>
      `Anótate en la lista de espera de ${company} para ${service}.`,
    nameLabel: 'Nombre',
    phoneLabel: 'Número de teléfono',
    phonePlaceholder: '+1 (###) ###-####',
    phoneInvalidHint: 'El número de teléfono debe tener 10 dígitos',
    nameInvalidHint: 'Por favor, ingresa tu nombre',
    next: 'Siguiente',
    missingNameAndPhone: 'Por favor, ingresa tu nombre y número de teléfono',
    smsNote: 'Te enviaremos mensajes de texto a este número sobre tu lugar en la fila.',
    back: 'Atrás',
    serviceLabel: 'Servicio',
    change: 'Cambiar',
    // Back after joining: Next stays disabled.
    alreadyJoined: 'Ya estás en la lista desde esta página.',
    seeYourPlace: 'Ver tu lugar en la fila',
  },
  confirm: {
    title: (name: string) => `Hola, ${name}`,
    message: (service: string) => `¿Todo listo para solicitar "${service}"?`,
    yes: 'Sí',
    close: 'Cerrar',
    joining: 'Anotándote…',
    failed: 'No pudimos anotarte en la lista de espera. Guardamos tus datos; inténtalo de nuevo.',
    offline:
      'Parece que estás sin conexión. Guardamos tus datos; inténtalo de nuevo cuando vuelvas a tener conexión.',
    // The join waits for the connection and goes out by itself when the phone is back online.
    waitingForConnection:
      'Estás sin conexión. Deja esta página abierta: te anotaremos en la lista en cuanto vuelvas a tener conexión. Cierra esto para cancelar.',
    // Closed while the join waited for the connection: it was never sent.
    withdrawn: 'Cancelado: no se envió nada y no estás en la lista de espera.',
  },
  checkedIn: {
    /** The page's title until the visit is known. */
    loadingTitle: 'Tu lugar en la fila',
    title: 'Ya estás en la lista',
    sentTo: (provider: string, service: string) => `Tu solicitud se envió a ${provider} para ${service}.`,
    textSent: 'Te enviamos un mensaje de texto. Para recibir novedades, solo responde a ese mensaje.',
    // No text went out (texts turned off, STOP, or a limit on texts).
    textNotSent:
      'Esta vez no pudimos enviarte un mensaje de texto. Deja esta página abierta: muestra tu lugar en la fila.',
    // The same page once the visit is over (done, no-show, left, removed).
    doneTitle: 'Gracias por tu visita',
    offListTitle: 'Ya no estás en la fila',
    // A service request declined or not answered in time: the customer is not in the line (yet).
    requestEndedTitle: 'Aún no estás en la lista',
    visitFor: (service: string, provider: string) => `${service} con ${provider}`,
    notFoundTitle: 'No encontramos ese lugar en la fila',
    notFoundBody:
      'Puede que sea de otro celular o navegador. Puedes volver a anotarte desde la página del negocio.',
    backToBusiness: 'Volver a la página del negocio',
  },
  request: {
    pending: (provider: string) => `Esperando que ${provider} acepte tu solicitud`,
    answerBy: (time: string) => sentence(`Te responderán a más tardar a ${at(time)}`),
    accepted: (provider: string) => `${provider} aceptó tu solicitud.`,
    ended: (provider: string) => `${provider} no puede atenderte en este momento.`,
    nextAvailableHint:
      'Anótate con el próximo profesional disponible: conservas tu lugar desde la hora en que llegaste.',
    nextAvailable: 'Anotarme con el próximo disponible',
    joining: 'Anotándote…',
    failed: 'Eso no funcionó. Inténtalo de nuevo.',
    joinWhenOnline:
      'Estás sin conexión. Deja esta página abierta: te anotaremos en la fila en cuanto vuelvas a tener conexión.',
    follow: 'Seguir tu solicitud',
    // Staff-facing (the provider's requests).
    section: 'Solicitudes',
    accept: 'Aceptar',
    decline: 'Rechazar',
    answerWithin: (minutes: number) =>
      minutes <= 0 ? 'responde ahora' : `responde en menos de ${minutes} min`,
    declined: 'Rechazada: esperando al cliente',
    expired: 'Sin respuesta a tiempo: esperando al cliente',
    for: (provider: string) => `para ${provider}`,
    replyMinutes: 'Minutos que tiene un profesional para responder una solicitud',
  },
  live: {
    position: (n: number) => (n === 1 ? 'Sigues tú en la fila' : `Eres el número ${n} en la fila`),
    /** The schedule's range (docs/wait-estimate.md): "Unos 25–40 min de espera". */
    estimate: ({ low, high }: { low: number; high: number }) =>
      high <= 0
        ? 'Ya casi es tu turno'
        : low === high
          ? `Unos ${high} min de espera`
          : `Unos ${low}–${high} min de espera`,
    /** Set on the board; the estimate above already counts it. */
    runningBehind: (minutes: number) =>
      `El salón tiene ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} de retraso`,
    /** Why their place went up (further back): who came in ahead. */
    cameIn: {
      appointments: (times: string[]) =>
        times.length === 1
          ? `Llegó un cliente con cita para ${listOf(times.map(at))}`
          : `Llegaron clientes con cita para ${listOf(times.map(at))}`,
      requests: (count: number, providers: string[]) =>
        `${count === 1 ? '1 persona pidió' : `${count} personas pidieron`} ${
          providers.length > 0 ? `a ${listOf(providers)}` : 'un profesional en particular'
        } antes que tú`,
      rejoined: (count: number) =>
        count === 1
          ? 'Alguien que se anotó antes que tú ahora espera al próximo profesional disponible'
          : `${count} personas que se anotaron antes que tú ahora esperan al próximo profesional disponible`,
    },
    called: '¡Es tu turno! Por favor, acércate a la recepción.',
    calledBy: (provider: string, station: string) =>
      station ? `${provider} te espera en ${station}.` : `${provider} te espera.`,
    inService: 'Te están atendiendo. ¡Disfruta!',
    done: (company: string) => `Todo listo. ¡Gracias por visitar ${company}!`,
    noShow: 'Te llamamos, pero no te encontramos. Si todavía estás aquí, vuelve a anotarte.',
    cancelled: 'Ya no estás en la lista de espera.',
    leave: 'Salir de la lista de espera',
    leaveTitle: '¿Salir de la lista de espera?',
    leaveBody: 'Perderás tu lugar en la fila.',
    leaveConfirm: 'Salir',
    stay: 'Seguir en la fila',
    leaveFailed: 'No pudimos sacarte de la lista. Inténtalo de nuevo.',
    // Leave, Forget me and a service request made offline wait and go out once the phone is back.
    leaveWaitingForConnection:
      'Estás sin conexión. Deja esta página abierta: te sacaremos de la lista en cuanto vuelvas a tener conexión.',
    chat: (provider: string) => `Enviar mensaje a ${provider}`,
    joinAgain: 'Volver a anotarme',
    reconnecting: 'Reconectando… la página se actualizará cuando vuelvas a tener conexión.',
    notifyTitle: 'Recibe una notificación cuando sea tu turno',
    notifyBody:
      'También te enviaremos un mensaje de texto. Las notificaciones llegan aunque esta página esté cerrada.',
    // When the join's text did not go out, the page promises no texts.
    notifyBodyWithoutTexts: 'Las notificaciones llegan aunque esta página esté cerrada.',
    notifyButton: 'Activar notificaciones',
    notifyOn: 'Las notificaciones están activadas.',
    // Permission given, but this device could not subscribe (no push service, offline).
    notifyFailed:
      'No pudimos activar las notificaciones en este dispositivo. Igual te enviaremos mensajes de texto.',
    notifyFailedWithoutTexts:
      'No pudimos activar las notificaciones en este dispositivo. Deja esta página abierta.',
    notifyRetry: 'Intentar de nuevo',
    notifyBlocked:
      'Las notificaciones están bloqueadas en la configuración de tu navegador; igual te enviaremos mensajes de texto.',
  },
  /** "Necesito más tiempo" and "Ya llegué" on the checked-in page (docs/more-time.md). */
  moreTime: {
    label: '¿Vas tarde o ya llegaste?',
    needMoreTime: 'Necesito más tiempo',
    needLonger: '¿Necesitas más?',
    minutes: (minutes: number) => `${minutes} min más`,
    imHere: 'Ya llegué',
    heldUntil: (clock: string) => sentence(`Guardaremos tu lugar hasta ${at(clock)}`),
    movedBack: 'Se acabó tu tiempo extra, así que pasaste detrás de los clientes que ya están aquí.',
    arrived: 'Recepción ya sabe que llegaste. Te llamaremos cuando sea tu turno.',
    waitingForConnection:
      'Estás sin conexión. Deja esta página abierta: avisaremos a recepción cuando vuelvas a tener conexión.',
    failed: 'Algo salió mal. Inténtalo de nuevo.',
  },
  /** "Avísame cuando falten N" (docs/near-turn.md). */
  nearTurn: {
    label: 'Avísame antes de mi turno',
    legend: 'Envíame un mensaje de texto cuando se acerque mi turno',
    choices: {
      next: 'Cuando siga yo',
      ahead_2: 'Con 2 personas antes',
      ahead_3: 'Con 3 personas antes',
      ahead_5: 'Con 5 personas antes',
      minutes_15: 'Unos 15 min antes',
      off: 'No me avises',
    },
    /** What the customer will get, under the choices. */
    willText: {
      next: 'Te enviaremos un mensaje de texto cuando sigas tú.',
      ahead_2: 'Te enviaremos un mensaje de texto cuando haya 2 personas antes que tú.',
      ahead_3: 'Te enviaremos un mensaje de texto cuando haya 3 personas antes que tú.',
      ahead_5: 'Te enviaremos un mensaje de texto cuando haya 5 personas antes que tú.',
      minutes_15: 'Te enviaremos un mensaje de texto unos 15 minutos antes de tu turno.',
      off: 'No te enviaremos mensajes antes de tu turno. Igual te enviaremos un mensaje de texto cuando sea tu turno.',
    },
    texted: 'Te enviamos un mensaje de texto: tu turno se acerca. Por favor, regresa ahora.',
    toldNoText: 'Tu turno se acerca. Por favor, regresa ahora.',
    waitingForConnection: 'Estás sin conexión. Tu elección se guardará cuando vuelvas a tener conexión.',
  },
  /** "Personas en tu grupo" on the join forms (docs/party-size.md). */
  partySize: {
    label: 'Personas en tu grupo',
    note: 'Cuéntate tú también. Cada persona tiene su propio lugar en la fila, junto al tuyo.',
    option: (size: number) => (size === 1 ? 'Solo yo' : `${size} personas`),
    /** The customer's page, and the board's label over a party's rows. */
    partyOf: (size: number) => `Grupo de ${size}`,
    member: (position: number, size: number) => `${position} de ${size}`,
    partyLine: (size: number) =>
      `Grupo de ${size}: tú y ${size - 1 === 1 ? '1 persona más' : `${size - 1} personas más`}, juntos en la fila. "Necesito más tiempo", "Ya llegué" y Salir cuentan para todos.`,
    leaveBody: (size: number) =>
      `Tú y ${size - 1 === 1 ? 'la otra persona' : `las otras ${size - 1} personas`} de tu grupo perderán sus lugares en la fila.`,
  },
  /** The business's own questions under name and phone (docs/join-fields.md). */
  joinFields: {
    optional: (label: string) => `${label} (opcional)`,
  },
  /** The rating page a text links to after the visit (docs/feedback.md). */
  feedback: {
    title: 'Califica tu visita',
    heading: '¿Qué tal lo hicimos?',
    visit: (service: string, provider: string | null, day: string) =>
      provider ? `${service} con ${provider} · ${day}` : `${service} · ${day}`,
    ratingLabel: 'Tu calificación',
    stars: (stars: number) => (stars === 1 ? '1 estrella' : `${stars} estrellas`),
    saving: 'Guardando…',
    happy: '¡Gracias! Nos alegra que hayas disfrutado tu visita.',
    reviewAsk: '¿Nos recomendarías? Ayuda mucho a un negocio pequeño.',
    leaveReview: (site: string | null) => (site ? `Deja una reseña en ${site}` : 'Deja una reseña'),
    sorry: 'Lamentamos que tu visita no haya sido mejor.',
    whatWentWrong: '¿Qué salió mal?',
    whatWentWrongHint: 'Solo lo lee el dueño. Opcional.',
    charactersLeft: (left: number) => (left === 1 ? 'Queda 1 carácter' : `Quedan ${left} caracteres`),
    send: 'Enviar al dueño',
    sent: 'Gracias por contarnos. El dueño lo leerá.',
    changeNote: 'Puedes cambiar tu calificación hasta 7 días después de tu visita.',
    linkNotFoundTitle: 'Este enlace no funciona',
    linkExpiredTitle: 'Este enlace ya venció',
    waitingForConnection: 'Estás sin conexión. Tu calificación se enviará cuando vuelvas a tener conexión.',
  },
  chat: {
    title: 'Chat',
    placeholder: 'Escribe un mensaje',
    send: 'Enviar',
    empty: 'Aún no hay mensajes. Haz una pregunta o avísanos si vas tarde.',
    tooLong: (max: number) => `Los mensajes pueden tener ${max} caracteres como máximo`,
    failed: 'Tu mensaje no se envió. Sigue en el cuadro de texto; inténtalo de nuevo.',
    // A send made offline waits and goes out by itself once the phone is back online.
    waitingForConnection: 'Estás sin conexión. Tu mensaje se enviará cuando vuelvas a tener conexión.',
    notFoundTitle: 'No encontramos esa conversación',
    notFoundBody: 'Puede que sea de otro celular o navegador.',
    back: 'Volver a tu lugar en la fila',
    /** Said by screen readers when a message arrives from the other side. */
    newMessage: (author: string, message: string) => `Nuevo mensaje de ${author}: ${message}`,
    you: 'Tú',
  },
  addClient: {
    title: 'Solicitar un servicio',
    firstName: 'Nombre',
    lastName: 'Apellido',
    phone: 'Número de teléfono',
    send: 'Enviar',
    sending: 'Enviando…',
    missing: 'Por favor, ingresa tu nombre y número de teléfono',
    failed: 'Tu solicitud no se envió. Guardamos tus datos; inténtalo de nuevo.',
    waitingForConnection:
      'Estás sin conexión. Deja esta página abierta: tu solicitud se enviará en cuanto vuelvas a tener conexión.',
    allSet: '¡Listo!',
    sentTo: (provider: string) => `¡Tu solicitud se envió a ${provider}!`,
    textSent: 'Te acabamos de enviar un mensaje de texto.',
    textNotSent: 'Esta vez no pudimos enviarte un mensaje de texto. El profesional ya tiene tu solicitud.',
    missingLink: 'A este enlace le falta el negocio. Pídele uno nuevo a tu profesional.',
    linkNotValid: 'Este enlace no funciona',
    unknownProvider: 'Ese profesional no trabaja en este negocio. Pídele un enlace nuevo.',
  },
  notFound: {
    title: 'No encontramos la página',
    body: 'Puede que el enlace esté mal escrito o desactualizado.',
    home: 'Ir a la página de inicio',
  },
  error: {
    title: '¡Uy!',
    body: 'Lo sentimos, ocurrió un error inesperado.',
    home: 'Ir a la página de inicio',
  },
  // The tablet at the door (docs/door.md).
  kiosk: {
    title: (business: string) => `${business} · Anótate en la lista de espera`,
    notFoundBody:
      'Este kiosco está configurado para un negocio que no encontramos. Por favor, pregunta en la recepción.',
    back: 'Atrás',
    thanks: (name: string) => `¡Gracias, ${name}!`,
    onTheList: (service: string) => `Ya estás en la lista para ${service}.`,
    textComing: 'Recibirás un mensaje de texto con novedades. Respóndelo para comunicarte con nosotros.',
    askAtDesk: 'Pregunta en la recepción por tu lugar en la fila.',
    startOver: 'Listo',
    returnsBySelf: (seconds: number) =>
      `Toca en cualquier lugar para terminar. Esta pantalla se borra sola en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
    // A join waiting for the connection is withdrawn if the guest walks away (docs/door.md).
    waitingForConnection:
      'Estás sin conexión. Por favor, quédate aquí: te anotaremos en la lista en cuanto el kiosco vuelva a tener conexión. Cierra esto para cancelar.',
    // A guest at the door cannot connect the tablet, nor wait out an hour's limit (docs/door.md).
    joinUnreachable:
      'El kiosco no puede conectarse con la lista de espera en este momento. Inténtalo de nuevo o pregunta en la recepción.',
    joinLimited:
      'Por ahora, este kiosco no puede anotar a nadie en la lista de espera. Por favor, pregunta en la recepción: allí pueden anotarte.',
    startOverAfterError: 'Empezar de nuevo',
    stillThereTitle: '¿Sigues ahí?',
    stillThereBody: (seconds: number) =>
      `Esta pantalla se borra en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} para que pueda empezar el siguiente cliente.`,
    stillHere: 'Sigo aquí',
  },
  // The TV in the waiting area (docs/lobby-screen.md). Board and "Lobby screen" as the console says them.
  lobbyScreen: {
    title: (company: string) => `Pantalla de sala de espera · ${company}`,
    nowServing: 'Atendiendo ahora',
    upNext: 'Siguen',
    called: 'Por favor, acércate a la recepción',
    inService: 'En atención',
    withProvider: (provider: string) => `con ${provider}`,
    nobodyServing: 'Nadie por ahora',
    nobodyWaiting: 'No hay nadie esperando',
    moreWaiting: (count: number) => `+ ${count} más en espera`,
    joinFromPhone: 'Anótate desde tu celular',
    scanToJoin: 'Escanea el código o abre',
    reconnecting: 'Reconectando…',
    loading: 'Cargando la pantalla de sala de espera…',
    resetTitle: 'Se restableció el enlace de esta pantalla',
    resetBody: 'Vuelve a abrirla desde la consola: Tablero y luego "Pantalla de sala de espera".',
    invalidTitle: 'Este enlace no abre una pantalla de sala de espera',
    invalidBody:
      'Puede que se haya restablecido o que se haya copiado incompleto. Abre la pantalla de sala de espera desde la consola: Tablero y luego "Pantalla de sala de espera".',
  },
  // Retention and erasure (docs/privacy.md).
  privacy: {
    forgetMe: 'Olvídame',
    forgetTitle: '¿Borrar tus datos?',
    forgetBody: (company: string, inLine: boolean) =>
      `${inLine ? `Saldrás de la lista de espera de ${company}. ` : ''}Se borrarán tu nombre, tu número de teléfono y tus mensajes en ${company}, y dejaremos de enviarte mensajes de texto. Esto no se puede deshacer.`,
    forgetConfirm: 'Borrar mis datos',
    forgetCancel: 'Conservarlos',
    forgetFailed: 'No pudimos borrar tus datos. Inténtalo de nuevo.',
    forgetWaitingForConnection:
      'Estás sin conexión. Deja esta página abierta: tus datos se borrarán en cuanto vuelvas a tener conexión.',
    erasedTitle: 'Se borraron tus datos',
    erasedBody: (company: string) =>
      `Ya no estás en la lista de espera de ${company}, y tu nombre, tu número de teléfono y tus mensajes se borraron. Este celular tampoco los recuerda ya.`,
    startAgain: 'Empezar de nuevo',
  },
};

export default customerWords;
