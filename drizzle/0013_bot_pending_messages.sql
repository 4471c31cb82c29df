CREATE TABLE "bot_pending_messages" (
	"telegram_user_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bot_pending_messages_telegram_user_id_chat_id_message_id_pk" PRIMARY KEY("telegram_user_id","chat_id","message_id")
);
