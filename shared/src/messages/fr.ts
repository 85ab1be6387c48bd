import type { SmallTalkPhrases } from './phrases';
import type { ChatTexts, PageTexts, ReplyTexts, StartTexts } from './types';

/** French ("vous"; a no-break space before : ? ! as French typography wants). */
export const start: StartTexts = {
  openChat: 'Ouvrir la discussion',
  closeChat: 'Fermer la discussion',
  chat: 'Discussion',
  conversations: 'Conversations',
  newChatLabel: 'Nouvelle discussion',
  noConversations: 'Aucune conversation pour le moment',
  closeMenu: 'Fermer le menu',
  initializing: 'Démarrage de la discussion...',
  chatUnavailable: 'Discussion indisponible',
  unavailable: 'La discussion est indisponible pour le moment. Vérifiez votre connexion et réessayez.',
  botNotAvailable: "Ce chatbot n'est pas disponible.",
  retry: 'Réessayer',
  rateLimited: 'Trop de requêtes. Veuillez patienter un instant.',
};

export const chat: ChatTexts = {
  ...start,
  typeMessage: 'Saisissez votre message...',
  messageLabel: 'Message',
  send: 'Envoyer le message',
  sources: 'Sources',
  image: 'Image',
  newChat: 'Nouvelle discussion',
  newConversation: 'Nouvelle conversation',
  untitled: 'Conversation sans titre',
  noConversationSelected: 'Aucune conversation sélectionnée',
  createOrSelect: 'Commencez une nouvelle discussion ou choisissez-en une dans le panneau latéral',
  loadingMessages: 'Chargement des messages...',
  errorLoadingMessages: 'Erreur de chargement des messages',
  errorLoadingMessagesBody: 'Un problème est survenu lors du chargement de vos messages. Veuillez réessayer plus tard.',
  emptyThread: 'Envoyez un message pour commencer la conversation.',
  suggestedQuestions: 'Questions suggérées',
  messages: 'Messages',
  scrollToBottom: 'Défiler vers le bas',
  lightMode: 'Passer en mode clair',
  darkMode: 'Passer en mode sombre',
  rateAnswer: 'Évaluer cette réponse',
  helpful: 'Utile',
  notHelpful: 'Pas utile',
  typing: "L'assistant écrit",
  notOnThisSite: "Ce chatbot n'est pas disponible sur ce site.",
  sendFailed: "Votre message n'a pas pu être envoyé. Veuillez réessayer.",
  answerFailed: 'La réponse a échoué.',
  answerInterrupted: 'La réponse a été interrompue. Veuillez réessayer.',
};

export const page: PageTexts = {
  chatbot: 'Chatbot',
  chatHistory: 'Historique des discussions',
  startNewChat: 'Commencez une nouvelle discussion',
  openConversations: 'Ouvrir les conversations',
  closeConversations: 'Fermer les conversations',
  skipToConversation: 'Aller à la conversation',
  loadingConversations: 'Chargement des conversations',
  creatingConversation: 'Création de la conversation',
  openingConversation: 'Ouverture de votre conversation',
  messageCount: '{n}\u00a0messages',
  errorLoadingConversations: 'Erreur de chargement des conversations',
  unreachable: 'Impossible de joindre le chatbot. Vérifiez le lien et réessayez.',
  poweredBy: 'Propulsé par',
};

export const reply: ReplyTexts = {
  notCovered:
    "Je n'ai pas trouvé cette information dans les pages du site, je ne peux donc pas y répondre de façon fiable. Essayez de reformuler la question, ou posez une question sur un sujet que le site aborde.",
  notMentioned:
    'Ce site ne mentionne pas {names}, je ne peux donc pas répondre à partir de ses pages. Posez une question sur un sujet que le site aborde et je vous en citerai le passage.',
  or: 'ou',
  unsureIntro:
    "Je n'ai pas trouvé de passage sur ce site qui réponde exactement à cette question. Voici ce qui s'en rapproche le plus\u00a0:",
  also: 'Voir aussi\u00a0:',
  moreCodeLine: '*(1 ligne de plus de ce code sur la page.)*',
  moreCodeLines: '*({n} lignes de plus de ce code sur la page.)*',
  moreTableRow: '*(1 ligne de plus de ce tableau sur la page.)*',
  moreTableRows: '*({n} lignes de plus de ce tableau sur la page.)*',
  ragOffNoLlm:
    "Ce chatbot répond à partir des pages de son site, mais la recherche dans les pages est désactivée et aucun modèle de langage n'est configuré\u00a0: il ne peut donc pas encore répondre aux questions.",
  llmUnavailable: "Désolé, le modèle de langage n'est pas disponible pour le moment. Veuillez réessayer dans un instant.",
  interruptedNote: '*(La réponse a été interrompue. Veuillez reposer votre question.)*',
  tooLongNote: '*(La réponse a été tronquée\u00a0: elle a atteint sa longueur maximale.)*',
  failedAnswer: "Désolé, une erreur s'est produite pendant la réponse. Veuillez réessayer.",
  interruptedAnswer: 'Désolé, la réponse à cette question a été interrompue. Veuillez la poser de nouveau.',
  unsavedAnswer: "Désolé, la réponse n'a pas pu être enregistrée. Veuillez reposer votre question.",
  sendFailed: "Votre message n'a pas pu être envoyé. Veuillez réessayer.",
  diskFull: "Le disque du serveur est plein, rien n'a donc pu être enregistré. Veuillez réessayer dans quelques minutes.",
  errorTooLong: 'La réponse a atteint sa longueur maximale.',
  errorInterrupted: 'La réponse a été interrompue.',
  errorLlm: "Le modèle de langage n'est pas disponible.",
  errorIncomplete: "La réponse n'a pas pu être terminée.",
  errorUnsaved: "La réponse n'a pas pu être enregistrée.",
  identity:
    "Je suis l'assistant de ce site\u00a0: je réponds aux questions à partir de ses pages et j'indique les pages d'où vient chaque réponse. Que souhaitez-vous savoir\u00a0?",
  welcomeBye: 'Je vous en prie\u00a0! Revenez quand vous voulez si vous avez une question.',
  welcome: 'Je vous en prie\u00a0! Puis-je vous aider pour autre chose\u00a0?',
  goodbye: 'Au revoir\u00a0! Revenez quand vous voulez si vous avez une question.',
  hello:
    "Bonjour\u00a0! Posez-moi vos questions sur ce site\u00a0: je réponds à partir de ses pages et j'indique celles que j'ai utilisées.",
  sure: 'Très bien\u00a0: posez-moi toute autre question sur ce site.',
};

export const smallTalk: SmallTalkPhrases = {
  greeting: ['bonjour', 'bonsoir', 'salut', 'coucou', 'allô'],
  thanks: ['merci', 'merci beaucoup', 'merci bien', 'mille mercis', 'je vous remercie', 'je te remercie', 'merci infiniment'],
  ack: [
    'daccord',
    'ok',
    'parfait',
    'super',
    'génial',
    'très bien',
    'bien',
    'entendu',
    'compris',
    'cest noté',
    'oui',
    'ça marche',
    'ca marche',
    'je vois',
  ],
  farewell: ['au revoir', 'à bientôt', 'a bientot', 'à plus', 'bonne journée', 'bonne soirée'],
  identity: [
    'qui es tu',
    'qui êtes vous',
    'quest ce que tu es',
    'que peux tu faire',
    'que pouvez vous faire',
    'es tu un robot',
    'êtes vous un robot',
    'es tu humain',
    'êtes vous humain',
    'êtes vous une ia',
    'que puis je demander',
  ],
  fillers: [
    'beaucoup',
    'encore',
    'pour',
    'laide',
    'aide',
    'info',
    'et',
    'alors',
    'oh',
    'ah',
    'bon',
    'à',
    'tous',
    'vous',
    'madame',
    'monsieur',
    'svp',
  ],
};

export const stopWords =
  'le la les un une des du de et ou est sont être avoir a ai que qui quoi quel quelle quels quelles pour dans en au aux avec ' +
  'sur sous par pas ne ce cette ces cet je tu il elle nous vous ils elles on mon ma mes son sa ses votre vos comment où ' +
  'pourquoi quand peut peux puis faire fait y se plus mais aussi si dois doit';
