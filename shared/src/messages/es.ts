import type { SmallTalkPhrases } from './phrases';
import type { ChatTexts, PageTexts, ReplyTexts, StartTexts } from './types';

/** Spanish ("tú", as most Spanish-language web products write). */
export const start: StartTexts = {
  openChat: 'Abrir chat',
  closeChat: 'Cerrar chat',
  chat: 'Chat',
  conversations: 'Conversaciones',
  newChatLabel: 'Nuevo chat',
  noConversations: 'Todavía no hay conversaciones',
  closeMenu: 'Cerrar menú',
  initializing: 'Iniciando el chat...',
  chatUnavailable: 'Chat no disponible',
  unavailable: 'El chat no está disponible en este momento. Comprueba tu conexión y vuelve a intentarlo.',
  botNotAvailable: 'Este chatbot no está disponible.',
  retry: 'Reintentar',
  rateLimited: 'Demasiadas solicitudes. Espera un momento.',
};

export const chat: ChatTexts = {
  ...start,
  typeMessage: 'Escribe tu mensaje...',
  messageLabel: 'Mensaje',
  send: 'Enviar mensaje',
  sources: 'Fuentes',
  image: 'Imagen',
  newChat: 'Nuevo chat',
  newConversation: 'Nueva conversación',
  untitled: 'Conversación sin título',
  noConversationSelected: 'No hay ninguna conversación seleccionada',
  createOrSelect: 'Crea un chat nuevo o elige uno en la barra lateral',
  loadingMessages: 'Cargando mensajes...',
  errorLoadingMessages: 'Error al cargar los mensajes',
  errorLoadingMessagesBody: 'Ha habido un problema al cargar tus mensajes. Vuelve a intentarlo más tarde.',
  emptyThread: 'Envía un mensaje para empezar la conversación.',
  suggestedQuestions: 'Preguntas sugeridas',
  messages: 'Mensajes',
  scrollToBottom: 'Ir al final',
  lightMode: 'Cambiar al modo claro',
  darkMode: 'Cambiar al modo oscuro',
  rateAnswer: 'Valorar esta respuesta',
  helpful: 'Útil',
  notHelpful: 'No es útil',
  typing: 'El asistente está escribiendo',
  notOnThisSite: 'Este chatbot no está disponible en este sitio web.',
  sendFailed: 'No se ha podido enviar tu mensaje. Vuelve a intentarlo.',
  answerFailed: 'La respuesta ha fallado.',
  answerInterrupted: 'La respuesta se ha interrumpido. Vuelve a intentarlo.',
};

export const page: PageTexts = {
  chatbot: 'Chatbot',
  chatHistory: 'Historial de chats',
  startNewChat: 'Empieza un chat nuevo',
  openConversations: 'Abrir conversaciones',
  closeConversations: 'Cerrar conversaciones',
  skipToConversation: 'Ir a la conversación',
  loadingConversations: 'Cargando conversaciones',
  creatingConversation: 'Creando conversación',
  openingConversation: 'Abriendo tu conversación',
  messageCount: '{n} mensajes',
  errorLoadingConversations: 'Error al cargar las conversaciones',
  unreachable: 'No se ha podido conectar con el chatbot. Comprueba el enlace y vuelve a intentarlo.',
  poweredBy: 'Con la tecnología de',
};

export const reply: ReplyTexts = {
  notCovered:
    'No he encontrado esto en las páginas del sitio, así que no puedo responder con fiabilidad. Prueba a reformular la pregunta o pregunta por algo que trate el sitio.',
  notMentioned:
    'Este sitio no menciona {names}, así que no puedo responder a esto a partir de sus páginas. Pregunta por algo que trate el sitio y te citaré el texto.',
  or: 'o',
  unsureIntro:
    'No he encontrado ningún fragmento de este sitio que responda exactamente a esto. Esto es lo más parecido que he encontrado:',
  also: 'Además:',
  moreCodeLine: '*(1 línea más de este código en la página.)*',
  moreCodeLines: '*({n} líneas más de este código en la página.)*',
  moreTableRow: '*(1 fila más de esta tabla en la página.)*',
  moreTableRows: '*({n} filas más de esta tabla en la página.)*',
  ragOffNoLlm:
    'Este chatbot responde a partir de las páginas de su sitio web, pero tiene desactivada la búsqueda en las páginas y no hay ningún modelo de lenguaje configurado, así que todavía no puede responder preguntas.',
  llmUnavailable: 'Lo siento, el modelo de lenguaje no está disponible en este momento. Vuelve a intentarlo dentro de un momento.',
  interruptedNote: '*(La respuesta se ha interrumpido. Vuelve a hacer la pregunta.)*',
  tooLongNote: '*(La respuesta se ha recortado: ha alcanzado su longitud máxima.)*',
  failedAnswer: 'Lo siento, algo ha fallado al responder. Vuelve a intentarlo.',
  interruptedAnswer: 'Lo siento, la respuesta a esta pregunta se ha interrumpido. Vuelve a hacerla.',
  unsavedAnswer: 'Lo siento, no se ha podido guardar la respuesta. Vuelve a hacer la pregunta.',
  sendFailed: 'No se ha podido enviar tu mensaje. Vuelve a intentarlo.',
  diskFull: 'El disco del servidor está lleno, así que no se ha podido guardar nada. Vuelve a intentarlo en unos minutos.',
  errorTooLong: 'La respuesta ha alcanzado su longitud máxima.',
  errorInterrupted: 'La respuesta se ha interrumpido.',
  errorLlm: 'El modelo de lenguaje no está disponible.',
  errorIncomplete: 'No se ha podido completar la respuesta.',
  errorUnsaved: 'No se ha podido guardar la respuesta.',
  identity:
    'Soy el asistente de este sitio web: respondo a preguntas a partir de sus páginas y muestro de qué páginas sale cada respuesta. ¿Qué te gustaría saber?',
  welcomeBye: '¡De nada! Vuelve cuando quieras si tienes alguna pregunta.',
  welcome: '¡De nada! ¿Hay algo más que quieras saber?',
  goodbye: '¡Adiós! Vuelve cuando quieras si tienes alguna pregunta.',
  hello: '¡Hola! Pregúntame lo que quieras sobre este sitio web: respondo a partir de sus páginas y te muestro las que he usado.',
  sure: 'Claro: pregúntame cualquier otra cosa sobre este sitio web.',
};

export const smallTalk: SmallTalkPhrases = {
  greeting: ['hola', 'buenas', 'buenos días', 'buenos dias', 'buenas tardes', 'buenas noches', 'saludos', 'qué tal', 'que tal'],
  thanks: ['gracias', 'muchas gracias', 'mil gracias', 'muchísimas gracias', 'te lo agradezco', 'se lo agradezco'],
  ack: ['vale', 'de acuerdo', 'entendido', 'perfecto', 'genial', 'estupendo', 'muy bien', 'bien', 'sí', 'claro', 'ya veo', 'entiendo'],
  farewell: ['adiós', 'adios', 'hasta luego', 'hasta pronto', 'nos vemos', 'chao', 'que tengas un buen día'],
  identity: [
    'quién eres',
    'quien eres',
    'qué eres',
    'que eres',
    'qué puedes hacer',
    'que puedes hacer',
    'eres un bot',
    'eres un robot',
    'eres humano',
    'eres una persona',
    'eres una ia',
    'qué puedo preguntar',
    'que puedo preguntar',
  ],
  fillers: ['por', 'la', 'el', 'ayuda', 'info', 'y', 'oh', 'ah', 'pues', 'entonces', 'otra', 'vez', 'todo', 'a', 'todos'],
};

export const stopWords =
  'el la los las un una unos unas y de del al que es son está están en por para con sin sobre se su sus lo le les me te mi ' +
  'mis tu tus yo nos cómo como qué dónde donde cuándo cuál cuáles por qué porque puedo puede hay hacer tengo tiene ' +
  'este esta esto estos estas ese esa eso muy más pero también ya cuando no ha he has han hemos si nada algo alguna tienes quieres puedes hace';
