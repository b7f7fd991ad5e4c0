//! The JSON-RPC transport of the Language Server Protocol: `Content-Length` framed messages
//! on a byte stream. Reading is tolerant: a frame with a malformed header or a body that is not
//! a JSON object or array is skipped (and logged to stderr) instead of closing the connection.

use std::io::{BufRead, Write};

use serde_json::Value;

/// Largest message accepted (64 MiB); a larger Content-Length is treated as garbage.
const MAX_MESSAGE: usize = 64 << 20;

/// The next well-formed message, or `None` at the end of the input (or on a read error).
pub(crate) fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    loop {
        // Headers: lines up to an empty line; only Content-Length matters.
        let mut length: Option<usize> = None;
        let mut saw_header = false;
        loop {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => return None,
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
        if reader.read_exact(&mut body).is_err() {
            return None;
        }
        match serde_json::from_slice::<Value>(&body) {
            Ok(v) if v.is_object() || v.is_array() => return Some(v),
            _ => eprintln!("numrs server: ignoring a message that is not valid JSON ({length} bytes)"),
        }
    }
}

/// Write one framed message; false when the output is gone.
pub(crate) fn write_message(out: &mut impl Write, message: &Value) -> bool {
    let body = message.to_string();
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len()).is_ok() && out.flush().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_frames_are_skipped() {
        let input = "Content-Length: 5\r\n\r\n{ bad\
                     X-Nothing: 1\r\n\r\n\
                     Content-Length: 99999999999999\r\n\r\n\
                     Content-Length: 2\r\n\r\n[]\
                     Content-Length: 13\r\n\r\n{\"id\": 1.5e0}";
        let mut reader = std::io::BufReader::new(input.as_bytes());
        assert_eq!(read_message(&mut reader), Some(serde_json::json!([])));
        assert_eq!(read_message(&mut reader), Some(serde_json::json!({"id": 1.5})));
        assert_eq!(read_message(&mut reader), None);
    }

    #[test]
    fn a_truncated_body_ends_the_input() {
        let mut reader = std::io::BufReader::new("Content-Length: 10\r\n\r\n{}".as_bytes());
        assert_eq!(read_message(&mut reader), None);
    }
}
