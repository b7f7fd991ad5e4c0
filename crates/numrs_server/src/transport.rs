//! A tolerant front for the JSON-RPC transport: frames from the client are read here, and only
//! well-formed JSON messages are passed on to the protocol layer. Malformed headers or bodies
//! are skipped (and logged to stderr) instead of closing the connection.

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

/// Largest message accepted (64 MiB); a larger Content-Length is treated as garbage.
const MAX_MESSAGE: usize = 64 << 20;

pub(crate) async fn forward_valid_messages<R, W>(input: R, mut output: W)
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut reader = BufReader::new(input);
    loop {
        // Headers: lines up to an empty line; only Content-Length matters.
        let mut length: Option<usize> = None;
        let mut saw_header = false;
        loop {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            if text.is_empty() {
                if saw_header {
                    break;
                }
                continue;
            }
            saw_header = true;
            if let Some((name, value)) = text.split_once(':') {
                if name.trim().eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().ok().filter(|n| *n <= MAX_MESSAGE);
                }
            }
        }
        let Some(length) = length else {
            eprintln!("numrs server: ignoring a message without a valid Content-Length header");
            continue;
        };
        let mut body = vec![0u8; length];
        if reader.read_exact(&mut body).await.is_err() {
            return;
        }
        let valid = serde_json::from_slice::<serde_json::Value>(&body).is_ok_and(|v| v.is_object() || v.is_array());
        if !valid {
            eprintln!("numrs server: ignoring a message that is not valid JSON ({length} bytes)");
            continue;
        }
        let header = format!("Content-Length: {length}\r\n\r\n");
        if output.write_all(header.as_bytes()).await.is_err() || output.write_all(&body).await.is_err() {
            return;
        }
        if output.flush().await.is_err() {
            return;
        }
    }
}
