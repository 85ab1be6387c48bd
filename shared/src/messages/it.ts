import type { SmallTalkPhrases } from './phrases';
import type { ChatTexts, PageTexts, ReplyTexts, StartTexts } from './types';

/** Italian ("tu", as most Italian-language web products write). */
export const start: StartTexts = {
  openChat: 'Apri chat',
  closeChat: 'Chiudi chat',
  chat: 'Chat',
  conversations: 'Conversazioni',
  newChatLabel: 'Nuova chat',
  noConversations: 'Ancora nessuna conversazione',
  closeMenu: 'Chiudi menu',
  initializing: 'Avvio della chat...',
  chatUnavailable: 'Chat non disponibile',
  unavailable: 'La chat non è disponibile al momento. Controlla la connessione e riprova.',
  botNotAvailable: 'Questo chatbot non è disponibile.',
  retry: 'Riprova',
  rateLimited: 'Troppe richieste. Attendi un momento.',
};

export const chat: ChatTexts = {
  ...start,
  typeMessage: 'Scrivi un messaggio...',
  messageLabel: 'Messaggio',
  send: 'Invia messaggio',
  sources: 'Fonti',
  image: 'Immagine',
  newChat: 'Nuova chat',
  newConversation: 'Nuova conversazione',
  untitled: 'Conversazione senza titolo',
  noConversationSelected: 'Nessuna conversazione selezionata',
  createOrSelect: 'Inizia una nuova chat o scegline una nella barra laterale',
  loadingMessages: 'Caricamento dei messaggi...',
  errorLoadingMessages: 'Errore nel caricamento dei messaggi',
  errorLoadingMessagesBody: 'Si è verificato un problema nel caricamento dei messaggi. Riprova più tardi.',
  emptyThread: 'Invia un messaggio per iniziare la conversazione.',
  suggestedQuestions: 'Domande suggerite',
  messages: 'Messaggi',
  scrollToBottom: 'Scorri in fondo',
  lightMode: 'Passa alla modalità chiara',
  darkMode: 'Passa alla modalità scura',
  rateAnswer: 'Valuta questa risposta',
  helpful: 'Utile',
  notHelpful: 'Non utile',
  typing: "L'assistente sta scrivendo",
  notOnThisSite: 'Questo chatbot non è disponibile su questo sito.',
  sendFailed: 'Non è stato possibile inviare il messaggio. Riprova.',
  answerFailed: 'La risposta non è riuscita.',
  answerInterrupted: 'La risposta è stata interrotta. Riprova.',
};

export const page: PageTexts = {
  chatbot: 'Chatbot',
  chatHistory: 'Cronologia chat',
  startNewChat: 'Inizia una nuova chat',
  openConversations: 'Apri le conversazioni',
  closeConversations: 'Chiudi le conversazioni',
  skipToConversation: 'Vai alla conversazione',
  loadingConversations: 'Caricamento delle conversazioni',
  creatingConversation: 'Creazione della conversazione',
  openingConversation: 'Apertura della conversazione',
  messageCount: '{n} messaggi',
  errorLoadingConversations: 'Errore nel caricamento delle conversazioni',
  unreachable: 'Impossibile raggiungere il chatbot. Controlla il link e riprova.',
  poweredBy: 'Realizzato con',
};

export const reply: ReplyTexts = {
  notCovered:
    'Non ho trovato questa informazione nelle pagine del sito, quindi non posso rispondere in modo affidabile. Prova a riformulare la domanda o chiedi qualcosa di cui il sito parla.',
  notMentioned:
    'Questo sito non menziona {names}, quindi non posso rispondere in base alle sue pagine. Chiedi qualcosa di cui il sito parla e te ne citerò il passaggio.',
  or: 'o',
  unsureIntro:
    'Non ho trovato un passaggio di questo sito che risponda esattamente a questa domanda. Ecco quello che ci si avvicina di più:',
  also: 'Inoltre:',
  moreCodeLine: '*(1 altra riga di questo codice nella pagina.)*',
  moreCodeLines: '*(altre {n} righe di questo codice nella pagina.)*',
  moreTableRow: '*(1 altra riga di questa tabella nella pagina.)*',
  moreTableRows: '*(altre {n} righe di questa tabella nella pagina.)*',
  ragOffNoLlm:
    'Questo chatbot risponde in base alle pagine del suo sito, ma la ricerca nelle pagine è disattivata e non è configurato alcun modello linguistico, quindi non può ancora rispondere alle domande.',
  llmUnavailable: 'Spiacente, il modello linguistico non è disponibile in questo momento. Riprova tra poco.',
  interruptedNote: '*(La risposta è stata interrotta. Fai di nuovo la domanda.)*',
  tooLongNote: '*(La risposta è stata troncata: ha raggiunto la lunghezza massima.)*',
  failedAnswer: 'Spiacente, qualcosa è andato storto durante la risposta. Riprova.',
  interruptedAnswer: 'Spiacente, la risposta a questa domanda è stata interrotta. Fai di nuovo la domanda.',
  unsavedAnswer: 'Spiacente, non è stato possibile salvare la risposta. Fai di nuovo la domanda.',
  sendFailed: 'Non è stato possibile inviare il messaggio. Riprova.',
  diskFull: 'Il disco del server è pieno, quindi non è stato possibile salvare nulla. Riprova tra qualche minuto.',
  errorTooLong: 'La risposta ha raggiunto la lunghezza massima.',
  errorInterrupted: 'La risposta è stata interrotta.',
  errorLlm: 'Il modello linguistico non è disponibile.',
  errorIncomplete: 'Non è stato possibile completare la risposta.',
  errorUnsaved: 'Non è stato possibile salvare la risposta.',
  identity:
    "Sono l'assistente di questo sito: rispondo alle domande in base alle sue pagine e mostro da quali pagine proviene ogni risposta. Cosa vorresti sapere?",
  welcomeBye: 'Prego! Torna quando vuoi se hai una domanda.',
  welcome: "Prego! C'è altro che vorresti sapere?",
  goodbye: 'Arrivederci! Torna quando vuoi se hai una domanda.',
  hello: 'Ciao! Chiedimi qualsiasi cosa su questo sito: rispondo in base alle sue pagine e ti mostro quelle che ho usato.',
  sure: 'Certo: chiedimi pure qualsiasi altra cosa su questo sito.',
};

export const smallTalk: SmallTalkPhrases = {
  greeting: ['ciao', 'salve', 'buongiorno', 'buon giorno', 'buonasera', 'buona sera', 'buon pomeriggio'],
  thanks: ['grazie', 'grazie mille', 'grazie tante', 'molte grazie', 'ti ringrazio', 'la ringrazio'],
  ack: ['va bene', 'certo', 'perfetto', 'ottimo', 'benissimo', 'bene', 'capito', 'chiaro', 'sì', 'si', 'daccordo'],
  farewell: ['arrivederci', 'a presto', 'ci vediamo', 'buona giornata', 'buona serata', 'a dopo'],
  identity: [
    'chi sei',
    'cosa sei',
    'che cosa sei',
    'cosa puoi fare',
    'che cosa puoi fare',
    'sei un bot',
    'sei un robot',
    'sei umano',
    'sei una persona',
    'sei una ia',
    'cosa posso chiedere',
  ],
  fillers: ['per', 'laiuto', 'aiuto', 'info', 'e', 'oh', 'ah', 'allora', 'ancora', 'di', 'nuovo', 'tante', 'a', 'tutti'],
};

export const stopWords =
  'il lo la i gli le un uno una di del dello della dei degli delle e è che per non con come sono mi si ci ho ha hanno al ' +
  'alla nel nella da dal più anche questo questa quello quella quando dove cosa perché posso può puoi fare ma se ne io tu ' +
  'mio mia suo sua quale quali qual tra fra su sul';
