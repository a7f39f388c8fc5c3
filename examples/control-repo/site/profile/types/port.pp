# A TCP or UDP port number.
type Profile::Port = Integer[1, 65535]
